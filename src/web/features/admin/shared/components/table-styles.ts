/**
 * The lists are dense tables from 640 px up (as in Stripe or Linear) and, below, one compact card
 * per row: every cell on its own line under its column's name (`data-label`), nothing off-screen.
 */
export const tableClass =
  'w-full border-collapse text-left text-sm max-sm:block sm:min-w-[40rem] [&>tbody]:max-sm:block';
/** The header row stays for screen readers on cards, where each cell names its column itself. */
export const headClass = 'max-sm:sr-only';
export const headCellClass =
  'border-b border-ink-700 px-2 py-2 align-bottom text-xs font-semibold tracking-wide text-ink-300 uppercase lg:px-3 lg:whitespace-nowrap';
/** A row; on cards a bordered box. */
export const rowClass =
  'group hover:bg-ink-900/60 max-sm:mb-2 max-sm:block max-sm:rounded-lg max-sm:border max-sm:border-ink-700 max-sm:bg-ink-900/40 max-sm:px-3 max-sm:py-2';
export const cellClass =
  'border-b border-ink-800 px-2 py-2 align-middle text-ink-100 lg:px-3 lg:whitespace-nowrap max-sm:flex max-sm:min-h-8 max-sm:items-center max-sm:justify-between max-sm:gap-3 max-sm:border-0 max-sm:px-0 max-sm:py-1 max-sm:text-right max-sm:before:shrink-0 max-sm:before:text-left max-sm:before:text-xs max-sm:before:text-ink-400 max-sm:before:content-[attr(data-label)]';
/**
 * The address takes the width the other columns leave (`w-full` with `max-w-0`), cut with an
 * ellipsis; it is in full in its title, and wraps in full while its row has the focus.
 */
export const emailCellClass = `${cellClass} sm:w-full sm:max-w-0 sm:min-w-28 max-sm:justify-start max-sm:border-b max-sm:border-ink-800 max-sm:pb-2 max-sm:font-medium max-sm:before:content-none`;
export const emailTextClass =
  'block min-w-0 truncate group-has-[:focus-visible]:whitespace-normal group-has-[:focus-visible]:[overflow-wrap:anywhere]';
/** Dates and short states never wrap inside. */
export const nowrapCellClass = `${cellClass} whitespace-nowrap`;
export const addButtonClass =
  'rounded-full bg-gold-400 px-3 py-1 text-xs font-semibold whitespace-nowrap text-ink-950 transition hover:bg-gold-300 disabled:opacity-50 aria-disabled:opacity-50';
export const removeButtonClass =
  'rounded-full border border-red-400/70 px-3 py-1 text-xs font-semibold whitespace-nowrap text-red-200 transition hover:bg-red-950 disabled:opacity-50 aria-disabled:opacity-50';
/** Badges side by side; from 1024 px never stacked. */
export const badgeGroupClass =
  'flex flex-wrap items-center gap-1.5 lg:flex-nowrap max-sm:justify-end';
export const emptyClass = 'py-10 text-center text-ink-300';
