import { useState } from 'react';

/**
 * Previous and next page of a list; the spec shows only the first page, real lists outgrow it.
 * The pager stays in place while the next page loads and marks its ends with aria-disabled
 * rather than `disabled`, so a keyboard user who pressed Next keeps focus on the button.
 * Keyed by the search term: a new term starts without a known total.
 */
export function ListPager({
  label,
  offset,
  pageSize,
  total,
  totalExact = true,
  loading,
  onOffsetChange,
}: {
  label: string;
  offset: number;
  pageSize: number;
  /** The total of the loaded page; undefined while loading or after a failure. */
  total: number | undefined;
  /** False: at least `total` (a broad search); Next stays available. */
  totalExact?: boolean;
  loading: boolean;
  onOffsetChange: (offset: number) => void;
}) {
  // The total of the page before, shown while the next one loads.
  const [knownTotal, setKnownTotal] = useState(total);
  if (total !== undefined && total !== knownTotal) setKnownTotal(total);
  const shownTotal = total ?? (loading ? knownTotal : undefined);

  if (shownTotal === undefined || (shownTotal <= pageSize && offset === 0)) return null;
  const first = shownTotal === 0 ? 0 : Math.min(offset + 1, shownTotal);
  const last = Math.min(offset + pageSize, shownTotal);
  const atStart = loading || offset === 0;
  const atEnd = loading || (totalExact && offset + pageSize >= shownTotal);
  // As quiet as the toolbar's tools above the list.
  const button =
    'inline-flex h-8 items-center rounded-md border border-ink-600 px-3 text-xs font-medium text-ink-100 transition hover:border-ink-400 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:border-ink-600';
  return (
    <nav aria-label={label} className="mt-3 flex items-center justify-between gap-4 text-sm">
      <p className="text-ink-400 tabular-nums">
        {first}–{last} of {totalExact ? shownTotal : `${shownTotal.toLocaleString('en-US')}+`}
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className={button}
          aria-disabled={atStart}
          onClick={() => {
            if (!atStart) onOffsetChange(Math.max(0, offset - pageSize));
          }}
        >
          Previous
        </button>
        <button
          type="button"
          className={button}
          aria-disabled={atEnd}
          onClick={() => {
            if (!atEnd) onOffsetChange(offset + pageSize);
          }}
        >
          Next
        </button>
      </div>
    </nav>
  );
}
