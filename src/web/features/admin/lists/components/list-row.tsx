import type { ReactNode } from 'react';
import { AddressText } from '../../shared/components/address-text.tsx';
import { cellClass, emailCellClass, rowClass } from '../../shared/components/table-styles.ts';
import {
  columnCell,
  rowTabIndex,
  WhitelistAction,
  type Column,
  type RowActions,
} from './list-table.tsx';

/** The first and the last column of both lists; a viewer's lists have no Actions column. */
export const EMAIL_COLUMN = { name: 'Email', layout: 'email' } as const satisfies Column;
export const ACTIONS_COLUMN = { name: 'Actions', layout: 'actions' } as const satisfies Column;

/** The columns a list shows: without Actions for a viewer, who changes nothing. */
export function shownColumns(columns: Column[], readOnly: boolean | undefined): Column[] {
  return readOnly ? columns.filter((column) => column !== ACTIONS_COLUMN) : columns;
}

/** The texts of a list's states: 'Loading signups...', 'No users found', ... */
export function listTexts(title: 'Signups' | 'Users') {
  const rows = title.toLowerCase();
  return {
    title,
    loading: `Loading ${rows}...`,
    empty: `No ${rows} found`,
    noMatch: `No ${rows} match your search.`,
  };
}

/**
 * One row of either list: the address first (after the row's check box, where rows can be
 * selected), the list's own cells, then the whitelist action unless the list is read-only; and
 * under it, what became of the row's change.
 */
export function ListRow({
  index,
  email,
  notOneMailbox,
  whitelisted,
  add,
  select,
  columns,
  actions: { readOnly, busyEmail, onAdd, onRemove, rowNote, onOpen },
  children,
}: {
  index: number;
  email: string;
  notOneMailbox?: boolean | undefined;
  whitelisted: boolean;
  /** The add button's text and name in this list. */
  add: { label: string; ariaLabel: string };
  /** The row's check box, where rows can be selected. */
  select?: ReactNode;
  /** How many columns the list shows (a note under the row spans them). */
  columns: number;
  actions: RowActions;
  /** The cells between the address and the action. */
  children: ReactNode;
}) {
  return (
    <>
      <tr className={rowClass} tabIndex={rowTabIndex(index, Boolean(readOnly) && !onOpen)}>
        <td className={columnCell(emailCellClass, EMAIL_COLUMN)} data-label="Email">
          <span className="flex min-w-0 items-center gap-2">
            {select}
            <AddressText email={email} notOneMailbox={notOneMailbox} onOpen={onOpen} />
          </span>
        </td>
        {children}
        {readOnly ? null : (
          <td className={columnCell(cellClass, ACTIONS_COLUMN)} data-label="Actions">
            <WhitelistAction
              email={email}
              whitelisted={whitelisted}
              busy={busyEmail === email}
              add={add}
              onAdd={onAdd}
              onRemove={onRemove}
            />
          </td>
        )}
      </tr>
      {rowNote?.(email, columns)}
    </>
  );
}
