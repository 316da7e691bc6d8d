import type { SignupRecord } from '../../../../../contract/admin.ts';
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
import { TypeBadge } from './type-badge.tsx';
import { WhitelistBadge } from './whitelist-badge.tsx';

const COLUMNS = [
  'Email',
  'Type',
  'Signup Date',
  'Registration Status',
  'Whitelist Status',
  'Actions',
];

export function SignupsTable({
  signups,
  isLoading,
  failure,
  search,
  readOnly,
  busyEmail,
  onAdd,
  onRemove,
  selection,
}: ListTableProps & {
  signups: SignupRecord[] | undefined;
  /** Row selection for bulk changes; absent for a viewer. */
  selection?:
    | {
        isSelected: (email: string) => boolean;
        toggle: (email: string) => void;
        allOnPage: boolean;
        toggleAll: () => void;
      }
    | undefined;
}) {
  return (
    <ListTable
      isLoading={isLoading}
      failure={failure}
      isEmpty={!signups || signups.length === 0}
      search={search}
      texts={{
        title: 'Signups',
        loading: 'Loading signups...',
        empty: 'No signups found',
        noMatch: 'No signups match your search.',
      }}
      columns={COLUMNS}
      emailHead={
        selection ? (
          <input
            type="checkbox"
            aria-label="Select every signup on this page"
            checked={selection.allOnPage}
            onChange={selection.toggleAll}
            className="mr-2 size-4 align-middle accent-gold-400 max-sm:hidden"
          />
        ) : null
      }
    >
      {signups?.map((signup) => (
        <tr key={signup.id} className={rowClass}>
          <td className={emailCellClass} data-label="Email">
            <span className="flex min-w-0 items-center gap-2">
              {selection ? (
                <input
                  type="checkbox"
                  aria-label={`Select ${signup.email}`}
                  checked={selection.isSelected(signup.email)}
                  onChange={() => selection.toggle(signup.email)}
                  className="size-4 shrink-0 accent-gold-400"
                />
              ) : null}
              <AddressText email={signup.email} notOneMailbox={signup.notOneMailbox} />
            </span>
          </td>
          <td className={cellClass} data-label="Type">
            <TypeBadge type={signup.type} />
          </td>
          <td className={nowrapCellClass} data-label="Signup Date">
            {formatDate(signup.createdAt)}
          </td>
          <td className={cellClass} data-label="Registration">
            {signup.registeredAt ? (
              <span>
                Registered{' '}
                <span className="whitespace-nowrap">({formatDate(signup.registeredAt)})</span>
              </span>
            ) : (
              'Pending'
            )}
          </td>
          <td className={cellClass} data-label="Whitelist">
            <div className={badgeGroupClass}>
              <WhitelistBadge whitelisted={signup.isWhitelisted} />
              <ConfirmationBadge confirmedAt={signup.confirmedAt} />
            </div>
          </td>
          <td className={cellClass} data-label="Actions">
            <WhitelistAction
              email={signup.email}
              whitelisted={signup.isWhitelisted}
              readOnly={readOnly}
              busy={busyEmail === signup.email}
              add={{ label: 'Add', ariaLabel: `Add ${signup.email} to the whitelist` }}
              onAdd={onAdd}
              onRemove={onRemove}
            />
          </td>
        </tr>
      ))}
    </ListTable>
  );
}
