/**
 * Above the signups table while rows are selected: how many, "Select all N matching" once the
 * whole page is selected, and the bulk whitelist actions (each confirmed with the exact count).
 */
export type RowSelection = { kind: 'rows'; emails: string[] } | { kind: 'matching' };

const button =
  'rounded-full border border-ink-600 px-3 py-1 text-xs font-semibold whitespace-nowrap text-ink-100 transition hover:border-gold-400';

export function SelectionBar({
  selection,
  pageSize,
  pageSelected,
  total,
  totalExact = true,
  onSelectMatching,
  onSelectPage,
  onClear,
  onAction,
}: {
  selection: RowSelection;
  /** Rows on the page shown. */
  pageSize: number;
  /** Every row of the page is selected. */
  pageSelected: boolean;
  /** Rows the list's filters keep, every page. */
  total: number | undefined;
  /** False: at least `total` (a broad search); the confirmation counts them exactly. */
  totalExact?: boolean;
  onSelectMatching: () => void;
  onSelectPage: () => void;
  onClear: () => void;
  onAction: (action: 'add' | 'remove') => void;
}) {
  const count = selection.kind === 'matching' ? total : selection.emails.length;
  const atLeast = totalExact ? '' : '+';
  return (
    <div
      role="region"
      aria-label="Selected signups"
      className="mb-3 flex flex-wrap items-center gap-2 rounded-xl border border-gold-400/40 bg-gold-400/5 px-3 py-2 text-sm"
    >
      <p className="mr-1 font-medium text-ink-100" aria-live="polite">
        {selection.kind === 'matching'
          ? `All ${count?.toLocaleString('en-US') ?? ''}${atLeast} matching selected`
          : `${count?.toLocaleString('en-US') ?? 0} selected`}
      </p>
      {selection.kind === 'rows' && pageSelected && total !== undefined && total > pageSize ? (
        <button type="button" className={`${button} text-gold-300`} onClick={onSelectMatching}>
          Select all {total.toLocaleString('en-US')}
          {atLeast} matching
        </button>
      ) : null}
      {selection.kind === 'rows' && !pageSelected ? (
        <button type="button" className={button} onClick={onSelectPage}>
          Select this page
        </button>
      ) : null}
      <span className="flex-1" />
      <button type="button" className={button} onClick={() => onAction('add')}>
        Add to whitelist
      </button>
      <button type="button" className={button} onClick={() => onAction('remove')}>
        Remove from whitelist
      </button>
      <button type="button" className={button} onClick={onClear}>
        Clear selection
      </button>
    </div>
  );
}
