import type { ReactNode } from 'react';
import {
  addButtonClass,
  emptyClass,
  headCellClass,
  removeButtonClass,
  tableClass,
} from './table-styles.ts';

/** The loading, empty and filled states both admin lists share (spec section 2). */
/** What every list table gets besides its rows: its loading state, the search, the row actions. */
export interface ListTableProps {
  isLoading: boolean;
  search: string;
  /** The address whose whitelist change is in flight; its button waits. */
  busyEmail: string | null;
  onAdd: (email: string) => void;
  onRemove: (email: string) => void;
}

export function ListTable({
  isLoading,
  isEmpty,
  search,
  texts,
  columns,
  children,
}: {
  isLoading: boolean;
  isEmpty: boolean;
  search: string;
  texts: { loading: string; empty: string; noMatch: string };
  columns: string[];
  children: ReactNode;
}) {
  if (isLoading) {
    return (
      <p role="status" className={emptyClass}>
        {texts.loading}
      </p>
    );
  }
  if (isEmpty) return <p className={emptyClass}>{search ? texts.noMatch : texts.empty}</p>;
  return (
    <div className="overflow-x-auto">
      <table className={tableClass}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col" className={headCellClass}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A row's whitelist action: Remove when listed, otherwise the table's add button. */
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
