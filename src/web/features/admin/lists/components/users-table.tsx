import { Fragment } from 'react';
import type { UserRecord } from '../../../../../contract/admin.ts';
import { AddressText } from '../../shared/components/address-text.tsx';
import { ConfirmationBadge } from './confirmation-badge.tsx';
import { formatDate } from '../../shared/components/format-date.ts';
import {
  columnCell,
  ListTable,
  rowTabIndex,
  WhitelistAction,
  type Column,
  type ListTableProps,
} from './list-table.tsx';
import {
  cellClass,
  emailCellClass,
  nowrapCellClass,
  rowClass,
} from '../../shared/components/table-styles.ts';
import { WhitelistBadge } from './whitelist-badge.tsx';

/** The spec's columns in its order, with the confirmation added before the actions. */
const COLUMN = {
  email: { name: 'Email', layout: 'email' },
  whitelist: { name: 'Whitelist Status', layout: 'medium' },
  signupDate: { name: 'Signup Date', layout: 'short' },
  registration: { name: 'Registration', layout: 'short' },
  confirmation: { name: 'Confirmation', layout: 'rest' },
  actions: { name: 'Actions', layout: 'actions' },
} as const satisfies Record<string, Column>;
const COLUMNS: Column[] = Object.values(COLUMN);

export function UsersTable({
  users,
  isLoading,
  failure,
  search,
  readOnly,
  busyEmail,
  onAdd,
  onRemove,
  rowNote,
  onOpen,
}: ListTableProps & { users: UserRecord[] | undefined }) {
  // A viewer changes nothing: no Actions column.
  const columns = readOnly ? COLUMNS.filter((column) => column.name !== 'Actions') : COLUMNS;
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
      columns={columns}
    >
      {users?.map((user, index) => (
        <Fragment key={user.uid}>
          <tr className={rowClass} tabIndex={rowTabIndex(index, Boolean(readOnly) && !onOpen)}>
            <td className={columnCell(emailCellClass, COLUMN.email)} data-label="Email">
              <span className="flex min-w-0 items-center gap-2">
                <AddressText
                  email={user.email}
                  notOneMailbox={user.notOneMailbox}
                  onOpen={onOpen}
                />
              </span>
            </td>
            <td className={columnCell(cellClass, COLUMN.whitelist)} data-label="Whitelist">
              <WhitelistBadge whitelisted={user.isWhitelisted} />
            </td>
            <td className={columnCell(nowrapCellClass, COLUMN.signupDate)} data-label="Signup Date">
              {user.signupDate ? formatDate(user.signupDate) : 'N/A'}
            </td>
            <td
              className={columnCell(nowrapCellClass, COLUMN.registration)}
              data-label="Registration"
            >
              {user.registrationDate ? (
                <span className="text-ink-100">{formatDate(user.registrationDate)}</span>
              ) : (
                <span className="text-ink-400">Not registered</span>
              )}
            </td>
            <td className={columnCell(cellClass, COLUMN.confirmation)} data-label="Confirmation">
              {/* An address that never signed up has nothing to confirm. */}
              {user.signupDate ? <ConfirmationBadge confirmedAt={user.confirmedAt} /> : 'N/A'}
            </td>
            {readOnly ? null : (
              <td className={columnCell(cellClass, COLUMN.actions)} data-label="Actions">
                <WhitelistAction
                  email={user.email}
                  whitelisted={user.isWhitelisted}
                  busy={busyEmail === user.email}
                  add={{ label: 'Add to Whitelist', ariaLabel: `Add to Whitelist: ${user.email}` }}
                  onAdd={onAdd}
                  onRemove={onRemove}
                />
              </td>
            )}
          </tr>
          {rowNote?.(user.email, columns.length)}
        </Fragment>
      ))}
    </ListTable>
  );
}
