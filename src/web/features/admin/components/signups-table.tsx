import type { SignupRecord } from '../../../../contract/admin.ts';
import { ConfirmationBadge } from './confirmation-badge.tsx';
import { formatDate } from './format-date.ts';
import { ListTable, WhitelistAction, type ListTableProps } from './list-table.tsx';
import { cellClass } from './table-styles.ts';
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
  search,
  busyEmail,
  onAdd,
  onRemove,
}: ListTableProps & { signups: SignupRecord[] | undefined }) {
  return (
    <ListTable
      isLoading={isLoading}
      isEmpty={!signups || signups.length === 0}
      search={search}
      texts={{
        loading: 'Loading signups...',
        empty: 'No signups found',
        noMatch: 'No signups match your search.',
      }}
      columns={COLUMNS}
    >
      {signups?.map((signup) => (
        <tr key={signup.id}>
          <td className={`${cellClass} break-all`}>{signup.email}</td>
          <td className={cellClass}>
            <TypeBadge type={signup.type} />
          </td>
          <td className={cellClass}>{formatDate(signup.createdAt)}</td>
          <td className={cellClass}>
            {signup.registeredAt ? `Registered (${formatDate(signup.registeredAt)})` : 'Pending'}
          </td>
          <td className={cellClass}>
            <div className="flex flex-wrap items-center gap-1.5">
              <WhitelistBadge whitelisted={signup.isWhitelisted} />
              <ConfirmationBadge confirmedAt={signup.confirmedAt} />
            </div>
          </td>
          <td className={cellClass}>
            <WhitelistAction
              email={signup.email}
              whitelisted={signup.isWhitelisted}
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
