import { Fragment } from 'react';
import type { SignupRecord } from '../../../../../contract/admin.ts';
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
import { TypeBadge } from './type-badge.tsx';
import { WhitelistBadge } from './whitelist-badge.tsx';

/** The spec's columns in its order, with the confirmation added before the actions. */
const COLUMN = {
  email: { name: 'Email', layout: 'email' },
  type: { name: 'Type', layout: 'short' },
  signupDate: { name: 'Signup Date', layout: 'short' },
  registration: { name: 'Registration Status', layout: 'long' },
  whitelist: { name: 'Whitelist Status', layout: 'medium' },
  confirmation: { name: 'Confirmation', layout: 'rest' },
  actions: { name: 'Actions', layout: 'actions' },
} as const satisfies Record<string, Column>;
const COLUMNS: Column[] = Object.values(COLUMN);

export function SignupsTable({
  signups,
  isLoading,
  failure,
  search,
  readOnly,
  busyEmail,
  onAdd,
  onRemove,
  rowNote,
  onOpen,
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
  // A viewer changes nothing: no Actions column.
  const columns = readOnly ? COLUMNS.filter((column) => column.name !== 'Actions') : COLUMNS;
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
        <Fragment key={signup.id}>
          <tr className={rowClass} tabIndex={rowTabIndex(index, Boolean(readOnly) && !onOpen)}>
            <td className={columnCell(emailCellClass, COLUMN.email)} data-label="Email">
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
                <AddressText
                  email={signup.email}
                  notOneMailbox={signup.notOneMailbox}
                  onOpen={onOpen}
                />
              </span>
            </td>
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
            {readOnly ? null : (
              <td className={columnCell(cellClass, COLUMN.actions)} data-label="Actions">
                <WhitelistAction
                  email={signup.email}
                  whitelisted={signup.isWhitelisted}
                  busy={busyEmail === signup.email}
                  add={{ label: 'Add', ariaLabel: `Add ${signup.email} to the whitelist` }}
                  onAdd={onAdd}
                  onRemove={onRemove}
                />
              </td>
            )}
          </tr>
          {rowNote?.(signup.email, columns.length)}
        </Fragment>
      ))}
    </ListTable>
  );
}
