import type { UserRecord } from '../../../../../contract/admin.ts';
import { AddressText } from '../../shared/components/address-text.tsx';
import { ConfirmationBadge } from './confirmation-badge.tsx';
import { formatDate } from '../../shared/components/format-date.ts';
import { ListTable, WhitelistAction, type ListTableProps } from './list-table.tsx';
import {
  badgeGroupClass,
  cellClass,
  emailCellClass,
  nowrapCellClass,
  rowClass,
} from '../../shared/components/table-styles.ts';
import { WhitelistBadge } from './whitelist-badge.tsx';

const COLUMNS = ['Email', 'Whitelist Status', 'Signup Date', 'Registration', 'Actions'];

export function UsersTable({
  users,
  isLoading,
  failure,
  search,
  readOnly,
  busyEmail,
  onAdd,
  onRemove,
}: ListTableProps & { users: UserRecord[] | undefined }) {
  return (
    <ListTable
      isLoading={isLoading}
      failure={failure}
      isEmpty={!users || users.length === 0}
      search={search}
      texts={{
        title: 'Users',
        loading: 'Loading users...',
        empty: 'No users found',
        noMatch: 'No users match your search.',
      }}
      columns={COLUMNS}
    >
      {users?.map((user) => (
        <tr key={user.uid} className={rowClass}>
          <td className={emailCellClass} data-label="Email">
            <span className="flex min-w-0 items-center gap-2">
              <AddressText email={user.email} notOneMailbox={user.notOneMailbox} />
            </span>
          </td>
          <td className={cellClass} data-label="Whitelist">
            <div className={badgeGroupClass}>
              <WhitelistBadge whitelisted={user.isWhitelisted} />
              {/* An address that never signed up has nothing to confirm. */}
              {user.signupDate ? <ConfirmationBadge confirmedAt={user.confirmedAt} /> : null}
            </div>
          </td>
          <td className={nowrapCellClass} data-label="Signup Date">
            {user.signupDate ? formatDate(user.signupDate) : 'N/A'}
          </td>
          <td className={nowrapCellClass} data-label="Registration">
            {user.registrationDate ? formatDate(user.registrationDate) : 'Not registered'}
          </td>
          <td className={cellClass} data-label="Actions">
            <WhitelistAction
              email={user.email}
              whitelisted={user.isWhitelisted}
              readOnly={readOnly}
              busy={busyEmail === user.email}
              add={{ label: 'Add to Whitelist', ariaLabel: `Add to Whitelist: ${user.email}` }}
              onAdd={onAdd}
              onRemove={onRemove}
            />
          </td>
        </tr>
      ))}
    </ListTable>
  );
}
