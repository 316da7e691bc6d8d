/** Previous and next page of a list; the spec shows only the first page, real lists outgrow it. */
export function ListPager({
  label,
  offset,
  pageSize,
  total,
  onOffsetChange,
}: {
  label: string;
  offset: number;
  pageSize: number;
  total: number;
  onOffsetChange: (offset: number) => void;
}) {
  if (total <= pageSize && offset === 0) return null;
  const first = total === 0 ? 0 : offset + 1;
  const last = Math.min(offset + pageSize, total);
  const button =
    'rounded-full border border-ink-600 px-4 py-1.5 text-sm text-ink-100 transition hover:border-gold-400 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:border-ink-600';
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-4 text-sm">
      <p className="text-ink-300">
        {first}–{last} of {total}
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className={button}
          disabled={offset === 0}
          onClick={() => onOffsetChange(Math.max(0, offset - pageSize))}
        >
          Previous
        </button>
        <button
          type="button"
          className={button}
          disabled={offset + pageSize >= total}
          onClick={() => onOffsetChange(offset + pageSize)}
        >
          Next
        </button>
      </div>
    </nav>
  );
}
