import type { SignupRecord } from '../../../../../contract/admin.ts';
import { ConfirmationBadge } from './confirmation-badge.tsx';
import { formatDate } from '../../shared/components/format-date.ts';
import { ACTIONS_COLUMN, EMAIL_COLUMN, ListRow, listTexts, shownColumns } from './list-row.tsx';
import { columnCell, ListTable, type Column, type ListTableProps } from './list-table.tsx';
import { cellClass, nowrapCellClass } from '../../shared/components/table-styles.ts';
import { TypeBadge } from './type-badge.tsx';
import { WhitelistBadge } from './whitelist-badge.tsx';
import { LINE_COLUMN, LineCells, withReferralsShown } from './line-cells.tsx';

/** The spec's columns in its order, with the confirmation added before the actions. */
const COLUMN = {
  email: EMAIL_COLUMN,
  type: { name: 'Type', layout: 'short' },
  signupDate: { name: 'Signup Date', layout: 'short' },
  registration: { name: 'Registration Status', layout: 'long' },
  whitelist: { name: 'Whitelist Status', layout: 'medium' },
  confirmation: { name: 'Confirmation', layout: 'medium' },
  ...LINE_COLUMN,
  actions: ACTIONS_COLUMN,
} as const satisfies Record<string, Column>;
const COLUMNS: Column[] = Object.values(COLUMN);

export function SignupsTable({
  signups,
  isLoading,
  failure,
  search,
  selection,
  referralsShown = false,
  ...actions
}: ListTableProps & {
  signups: SignupRecord[] | undefined;
  /** Sorted by referrals: their count shows at every width. */
  referralsShown?: boolean | undefined;
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
  const columns = withReferralsShown(shownColumns(COLUMNS, actions.readOnly), referralsShown);
  return (
    <ListTable
      isLoading={isLoading}
      failure={failure}
      isEmpty={!signups || signups.length === 0}
      search={search}
      texts={listTexts('Signups')}
      columns={columns}
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
      {signups?.map((signup, index) => (
        <ListRow
          key={signup.id}
          index={index}
          email={signup.email}
          notOneMailbox={signup.notOneMailbox}
          whitelisted={signup.isWhitelisted}
          add={{ label: 'Add', ariaLabel: `Add ${signup.email} to the whitelist` }}
          select={
            selection ? (
              <input
                type="checkbox"
                aria-label={`Select ${signup.email}`}
                checked={selection.isSelected(signup.email)}
                onChange={() => selection.toggle(signup.email)}
                className="size-4 shrink-0 accent-gold-400"
              />
            ) : null
          }
          columns={columns.length}
          actions={actions}
        >
          <td className={columnCell(cellClass, COLUMN.type)} data-label="Type">
            <TypeBadge type={signup.type} />
          </td>
          <td className={columnCell(nowrapCellClass, COLUMN.signupDate)} data-label="Signup Date">
            {formatDate(signup.createdAt)}
          </td>
          <td className={columnCell(cellClass, COLUMN.registration)} data-label="Registration">
            {signup.registeredAt ? (
              <span className="text-ink-100">
                Registered{' '}
                <span className="whitespace-nowrap">({formatDate(signup.registeredAt)})</span>
              </span>
            ) : (
              <span className="text-ink-400">Pending</span>
            )}
          </td>
          <td className={columnCell(cellClass, COLUMN.whitelist)} data-label="Whitelist">
            <WhitelistBadge whitelisted={signup.isWhitelisted} />
          </td>
          <td className={columnCell(cellClass, COLUMN.confirmation)} data-label="Confirmation">
            <ConfirmationBadge confirmedAt={signup.confirmedAt} />
          </td>
          <LineCells
            place={signup.place}
            referrals={signup.referrals}
            products={signup.products}
            referralsShown={referralsShown}
          />
        </ListRow>
      ))}
    </ListTable>
  );
}
