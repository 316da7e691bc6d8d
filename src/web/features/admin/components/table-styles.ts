export const tableClass = 'w-full min-w-[44rem] border-collapse text-left text-sm';
export const headCellClass =
  'border-b border-ink-700 px-3 py-2 text-xs font-semibold tracking-wide text-ink-300 uppercase';
export const cellClass = 'border-b border-ink-800 px-3 py-3 align-middle text-ink-100';
export const addButtonClass =
  'rounded-full bg-gold-400 px-3 py-1 text-xs font-semibold text-ink-950 transition hover:bg-gold-300 disabled:opacity-50 aria-disabled:opacity-50';
export const removeButtonClass =
  'rounded-full border border-red-400/70 px-3 py-1 text-xs font-semibold text-red-200 transition hover:bg-red-950 disabled:opacity-50 aria-disabled:opacity-50';
export const emptyClass = 'py-10 text-center text-ink-300';
