import type { UserRecord } from '../../../../../contract/admin.ts';
import { ConfirmationBadge } from './confirmation-badge.tsx';
import { formatDate } from '../../shared/components/format-date.ts';
import { ACTIONS_COLUMN, EMAIL_COLUMN, ListRow, listTexts, shownColumns } from './list-row.tsx';
import { columnCell, ListTable, type Column, type ListTableProps } from './list-table.tsx';
import { cellClass, nowrapCellClass } from '../../shared/components/table-styles.ts';
import { WhitelistBadge } from './whitelist-badge.tsx';
import { LINE_COLUMN, LineCells, withReferralsShown } from './line-cells.tsx';

/** The spec's columns in its order, with the confirmation added before the actions. */
const COLUMN = {
  email: EMAIL_COLUMN,
  whitelist: { name: 'Whitelist Status', layout: 'medium' },
  signupDate: { name: 'Signup Date', layout: 'short' },
  registration: { name: 'Registration', layout: 'short' },
  confirmation: { name: 'Confirmation', layout: 'medium' },
  ...LINE_COLUMN,
  actions: ACTIONS_COLUMN,
} as const satisfies Record<string, Column>;
const COLUMNS: Column[] = Object.values(COLUMN);

export function UsersTable({
  users,
  isLoading,
  failure,
  search,
  referralsShown = false,
  ...actions
}: ListTableProps & {
  users: UserRecord[] | undefined;
  /** Sorted by referrals: their count shows at every width. */
  referralsShown?: boolean | undefined;
}) {
  const columns = withReferralsShown(shownColumns(COLUMNS, actions.readOnly), referralsShown);
  return (
    <ListTable
      isLoading={isLoading}
      failure={failure}
      isEmpty={!users || users.length === 0}
      search={search}
      texts={listTexts('Users')}
      columns={columns}
    >
      {users?.map((user, index) => (
        <ListRow
          key={user.uid}
          index={index}
          email={user.email}
          notOneMailbox={user.notOneMailbox}
          whitelisted={user.isWhitelisted}
          add={{ label: 'Add to Whitelist', ariaLabel: `Add to Whitelist: ${user.email}` }}
          columns={columns.length}
          actions={actions}
        >
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
          <LineCells
            place={user.place}
            referrals={user.referrals}
            products={user.products}
            referralsShown={referralsShown}
          />
        </ListRow>
      ))}
    </ListTable>
  );
}
