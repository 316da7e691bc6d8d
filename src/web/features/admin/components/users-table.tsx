import type { UserRecord } from '../../../../contract/admin.ts';
import { ConfirmationBadge } from './confirmation-badge.tsx';
import { formatDate } from './format-date.ts';
import { ListTable, WhitelistAction, type ListTableProps } from './list-table.tsx';
import { cellClass } from './table-styles.ts';
import { WhitelistBadge } from './whitelist-badge.tsx';

const COLUMNS = ['Email', 'Whitelist Status', 'Signup Date', 'Registration', 'Actions'];

export function UsersTable({
  users,
  isLoading,
  search,
  busyEmail,
  onAdd,
  onRemove,
}: ListTableProps & { users: UserRecord[] | undefined }) {
  return (
    <ListTable
      isLoading={isLoading}
      isEmpty={!users || users.length === 0}
      search={search}
      texts={{
        loading: 'Loading users...',
        empty: 'No users found',
        noMatch: 'No users match your search.',
      }}
      columns={COLUMNS}
    >
      {users?.map((user) => (
        <tr key={user.uid}>
          <td className={`${cellClass} break-all`}>{user.email}</td>
          <td className={cellClass}>
            <div className="flex flex-wrap items-center gap-1.5">
              <WhitelistBadge whitelisted={user.isWhitelisted} />
              {/* An address that never signed up has nothing to confirm. */}
              {user.signupDate ? <ConfirmationBadge confirmedAt={user.confirmedAt} /> : null}
            </div>
          </td>
          <td className={cellClass}>{user.signupDate ? formatDate(user.signupDate) : 'N/A'}</td>
          <td className={cellClass}>
            {user.registrationDate ? formatDate(user.registrationDate) : 'Not registered'}
          </td>
          <td className={cellClass}>
            <WhitelistAction
              email={user.email}
              whitelisted={user.isWhitelisted}
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
