import type { UserRecord } from '../../../../contract/admin.ts';
import { formatDate } from './format-date.ts';
import {
  addButtonClass,
  cellClass,
  emptyClass,
  headCellClass,
  removeButtonClass,
  tableClass,
} from './table-styles.ts';
import { WhitelistBadge } from './whitelist-badge.tsx';

export function UsersTable({
  users,
  isLoading,
  search,
  busyEmail,
  onAdd,
  onRemove,
}: {
  users: UserRecord[] | undefined;
  isLoading: boolean;
  search: string;
  busyEmail: string | null;
  onAdd: (email: string) => void;
  onRemove: (email: string) => void;
}) {
  if (isLoading) {
    return (
      <p role="status" className={emptyClass}>
        Loading users...
      </p>
    );
  }
  if (!users || users.length === 0) {
    return (
      <p className={emptyClass}>{search ? 'No users match your search.' : 'No users found'}</p>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className={tableClass}>
        <thead>
          <tr>
            <th scope="col" className={headCellClass}>
              Email
            </th>
            <th scope="col" className={headCellClass}>
              Whitelist Status
            </th>
            <th scope="col" className={headCellClass}>
              Signup Date
            </th>
            <th scope="col" className={headCellClass}>
              Registration
            </th>
            <th scope="col" className={headCellClass}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => (
            <tr key={user.uid}>
              <td className={`${cellClass} break-all`}>{user.email}</td>
              <td className={cellClass}>
                <WhitelistBadge whitelisted={user.isWhitelisted} />
              </td>
              <td className={cellClass}>{user.signupDate ? formatDate(user.signupDate) : 'N/A'}</td>
              <td className={cellClass}>
                {user.registrationDate ? formatDate(user.registrationDate) : 'Not registered'}
              </td>
              <td className={cellClass}>
                {user.isWhitelisted ? (
                  <button
                    type="button"
                    className={removeButtonClass}
                    aria-disabled={busyEmail === user.email}
                    data-row-action={user.email}
                    aria-label={`Remove ${user.email} from the whitelist`}
                    onClick={() => onRemove(user.email)}
                  >
                    Remove
                  </button>
                ) : (
                  <button
                    type="button"
                    className={addButtonClass}
                    aria-disabled={busyEmail === user.email}
                    data-row-action={user.email}
                    aria-label={`Add to Whitelist: ${user.email}`}
                    onClick={() => onAdd(user.email)}
                  >
                    Add to Whitelist
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
