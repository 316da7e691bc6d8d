import type { SignupRecord } from '../../../../contract/admin.ts';
import { formatDate } from './format-date.ts';
import {
  addButtonClass,
  cellClass,
  emptyClass,
  headCellClass,
  removeButtonClass,
  tableClass,
} from './table-styles.ts';
import { TypeBadge } from './type-badge.tsx';
import { WhitelistBadge } from './whitelist-badge.tsx';

export function SignupsTable({
  signups,
  isLoading,
  search,
  busyEmail,
  onAdd,
  onRemove,
}: {
  signups: SignupRecord[] | undefined;
  isLoading: boolean;
  search: string;
  busyEmail: string | null;
  onAdd: (email: string) => void;
  onRemove: (email: string) => void;
}) {
  if (isLoading) {
    return (
      <p role="status" className={emptyClass}>
        Loading signups...
      </p>
    );
  }
  if (!signups || signups.length === 0) {
    return (
      <p className={emptyClass}>{search ? 'No signups match your search.' : 'No signups found'}</p>
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
              Type
            </th>
            <th scope="col" className={headCellClass}>
              Signup Date
            </th>
            <th scope="col" className={headCellClass}>
              Registration Status
            </th>
            <th scope="col" className={headCellClass}>
              Whitelist Status
            </th>
            <th scope="col" className={headCellClass}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {signups.map((signup) => (
            <tr key={signup.id}>
              <td className={`${cellClass} break-all`}>{signup.email}</td>
              <td className={cellClass}>
                <TypeBadge type={signup.type} />
              </td>
              <td className={cellClass}>{formatDate(signup.createdAt)}</td>
              <td className={cellClass}>
                {signup.registeredAt
                  ? `Registered (${formatDate(signup.registeredAt)})`
                  : 'Pending'}
              </td>
              <td className={cellClass}>
                <WhitelistBadge whitelisted={signup.isWhitelisted} />
              </td>
              <td className={cellClass}>
                {signup.isWhitelisted ? (
                  <button
                    type="button"
                    className={removeButtonClass}
                    aria-disabled={busyEmail === signup.email}
                    data-row-action={signup.email}
                    aria-label={`Remove ${signup.email} from the whitelist`}
                    onClick={() => onRemove(signup.email)}
                  >
                    Remove
                  </button>
                ) : (
                  <button
                    type="button"
                    className={addButtonClass}
                    aria-disabled={busyEmail === signup.email}
                    data-row-action={signup.email}
                    aria-label={`Add ${signup.email} to the whitelist`}
                    onClick={() => onAdd(signup.email)}
                  >
                    Add
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
