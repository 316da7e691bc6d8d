import type { KeyboardEvent, ReactNode } from 'react';
import { ListFailure, type ListFailureState } from './list-failure.tsx';
import {
  addButtonClass,
  bodyClass,
  columnLayout,
  emptyClass,
  headCellClass,
  headClass,
  headRowClass,
  removeButtonClass,
  tableClass,
  type ColumnLayout,
} from '../../shared/components/table-styles.ts';

/** A column: its name in the header, and where it sits on two-line rows (table-styles.ts). */
export interface Column {
  name: string;
  layout: ColumnLayout;
}

/** A cell's classes: its look and its column's place. */
export function columnCell(look: string, column: Column): string {
  return `${look} ${columnLayout[column.layout]}`;
}

/** What every list table gets besides its rows: its loading state, the search, the row actions. */
export interface ListTableProps {
  isLoading: boolean;
  /** The last load failed; the rows given are then the last ones that loaded, if any. */
  failure?: ListFailureState | undefined;
  search: string;
  /** A viewer: no row offers a change. */
  readOnly?: boolean | undefined;
  /** The address whose whitelist change is in flight; its button waits. */
  busyEmail: string | null;
  onAdd: (email: string) => void;
  onRemove: (email: string) => void;
  /** What became of a row's whitelist change: a row of its own under it, or nothing. */
  rowNote?: ((email: string, columns: number) => ReactNode) | undefined;
  /** Opens the address's person panel (everything about it). */
  onOpen?: ((email: string) => void) | undefined;
}

/** The whitelist change each row offers, the row whose change is in flight, and its outcome. */
export type RowActions = Pick<
  ListTableProps,
  'readOnly' | 'busyEmail' | 'onAdd' | 'onRemove' | 'rowNote' | 'onOpen'
>;

/** Puts focus on an address's row action in the list shown, as a dialog's trigger gets it back. */
export function focusRowAction(email: string) {
  document
    .querySelector<HTMLElement>(
      `[role="tabpanel"][data-state="active"] [data-row-action="${CSS.escape(email)}"]`,
    )
    ?.focus();
}

const CONTROLS = 'button, a[href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/** The controls in `root` that can take focus now, in order. */
function controlsIn(root: Element | undefined): HTMLElement[] {
  if (!root) return [];
  return [...root.querySelectorAll<HTMLElement>(CONTROLS)].filter(
    (element) => !element.matches(':disabled') && element.getClientRects().length > 0,
  );
}

/**
 * Up and Down move focus to the row above or below: to its control in the place focus is in
 * (the same column, the same one of the cell's controls), else to its first control, else to
 * the row itself (rows take focus, with a ring); Home and
 * End go to the first and the last row. A notice under a row (role="presentation") is not a row
 * and is passed over; keys pressed in a text field are the field's. Tab still goes through
 * every control in order.
 */
function moveBetweenRows(event: KeyboardEvent<HTMLTableSectionElement>) {
  const { key } = event;
  if (key !== 'ArrowDown' && key !== 'ArrowUp' && key !== 'Home' && key !== 'End') return;
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  const target = event.target as HTMLElement;
  if (target.matches('input:not([type="checkbox"]), select, textarea, [contenteditable="true"]'))
    return;
  const rows = [
    ...event.currentTarget.querySelectorAll<HTMLTableRowElement>(
      ':scope > tr:not([role="presentation"])',
    ),
  ];
  const row = target.closest('tr');
  const index = row ? rows.indexOf(row) : -1;
  if (!row || index < 0) return;
  event.preventDefault();
  const step = key === 'ArrowDown' ? index + 1 : key === 'ArrowUp' ? index - 1 : index;
  const next = key === 'Home' ? rows[0] : key === 'End' ? rows.at(-1) : rows[step];
  if (!next || next === row) return;
  const cell = target.closest('td');
  const column = cell ? [...row.cells].indexOf(cell) : -1;
  const place = cell ? controlsIn(cell).indexOf(target) : -1;
  const inCell = controlsIn(next.cells[column]);
  (inCell[place] ?? inCell[0] ?? controlsIn(next)[0] ?? next).focus();
}

/**
 * A row's place in the Tab order: out of it (the arrow keys focus it), but when rows hold no
 * control (a viewer's, without the person panel) the first row is the table's one stop.
 */
export function rowTabIndex(index: number, rowsHoldNoControl: boolean): 0 | -1 {
  return rowsHoldNoControl && index === 0 ? 0 : -1;
}

/** The loading, failed, empty and filled states both admin lists share (spec section 2). */
export function ListTable({
  isLoading,
  failure,
  isEmpty,
  search,
  texts,
  columns,
  emailHead,
  children,
}: {
  /** Put before the first column's name (the page's select-all box). */
  emailHead?: ReactNode;
  isLoading: boolean;
  failure: ListFailureState | undefined;
  isEmpty: boolean;
  search: string;
  texts: { title: string; loading: string; empty: string; noMatch: string };
  columns: Column[];
  children: ReactNode;
}) {
  if (isLoading) {
    return (
      <p role="status" className={emptyClass}>
        {texts.loading}
      </p>
    );
  }
  const failed = failure ? <ListFailure title={texts.title} failure={failure} /> : null;
  // A failure is never shown as an empty list.
  if (isEmpty)
    return failed ?? <p className={emptyClass}>{search ? texts.noMatch : texts.empty}</p>;
  return (
    <>
      {failed}
      {/* Rows of an earlier load: grey, yet as legible as ever (the failure above says why). */}
      <div className={failed ? 'mt-3 overflow-x-auto grayscale' : 'overflow-x-auto'}>
        <table className={tableClass}>
          <thead className={headClass}>
            <tr className={headRowClass}>
              {columns.map((column, index) => (
                <th key={column.name} scope="col" className={columnCell(headCellClass, column)}>
                  {index === 0 ? emailHead : null}
                  {column.name}
                </th>
              ))}
            </tr>
          </thead>
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the keys
              come from the rows' own controls (or a focused row) and move focus between them */}
          <tbody className={bodyClass} onKeyDown={moveBetweenRows}>
            {children}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * A row's whitelist action: Remove when listed, otherwise the table's add button. A viewer's
 * rows have no Actions column; the header says once that the dashboard is read-only.
 */
export function WhitelistAction({
  email,
  whitelisted,
  busy,
  add,
  onAdd,
  onRemove,
}: {
  email: string;
  whitelisted: boolean;
  busy: boolean;
  add: { label: string; ariaLabel: string };
  onAdd: (email: string) => void;
  onRemove: (email: string) => void;
}) {
  return whitelisted ? (
    <button
      type="button"
      className={removeButtonClass}
      aria-disabled={busy}
      data-row-action={email}
      aria-label={`Remove ${email} from the whitelist`}
      onClick={() => onRemove(email)}
    >
      Remove
    </button>
  ) : (
    <button
      type="button"
      className={addButtonClass}
      aria-disabled={busy}
      data-row-action={email}
      aria-label={add.ariaLabel}
      onClick={() => onAdd(email)}
    >
      {add.label}
    </button>
  );
}
