import type { ReactNode } from 'react';
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
          <tbody className={bodyClass}>{children}</tbody>
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
