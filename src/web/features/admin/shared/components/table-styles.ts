/**
 * The lists at three widths, the address never cut (one longer than its line wraps):
 * - from 1280 px a dense table, rows about 36 px as in Stripe or Linear; the address column takes
 *   the width the narrow state columns leave;
 * - from 640 to 1279 px, where a table would cut the address, each row is two lines: the address
 *   with the row's action, then the states in aligned columns; the header likewise;
 * - below 640 px one compact card per row: every cell on its own line under its column's name
 *   (`data-label`), nothing off-screen.
 */
export const tableClass = 'w-full border-collapse text-left text-sm max-xl:block';
/** The header row stays for screen readers on cards, where each cell names its column itself. */
export const headClass = 'max-sm:sr-only sm:max-xl:block';
/**
 * On two-line rows a row is a wrapping flex line: the address grows beside the action, an empty
 * item the width of the row (`::after`, ordered after the action) ends the first line, and the
 * states follow. Without an Actions column (a viewer) the address has the first line to itself.
 */
const twoLines =
  "sm:max-xl:flex sm:max-xl:flex-wrap sm:max-xl:items-center sm:max-xl:after:order-1 sm:max-xl:after:basis-full sm:max-xl:after:content-['']";
export const headRowClass = `${twoLines} sm:max-xl:border-b sm:max-xl:border-ink-700`;
export const bodyClass = 'max-xl:block';

/** Where a column sits on two-line rows (640 to 1279 px); the same for its header and cells. */
export const columnLayout = {
  /** The address, on the first line. */
  email: 'sm:max-xl:min-w-0 sm:max-xl:flex-1 xl:w-full',
  /** The row's action, at the end of the first line. */
  actions: 'sm:max-xl:order-1 text-right',
  /** States on the second line: a badge, a date or a short word. */
  short: 'sm:max-xl:order-2 sm:max-xl:w-28',
  /** 'Not Whitelisted'. */
  medium: 'sm:max-xl:order-2 sm:max-xl:w-36',
  /** 'Registered (Nov 26, 2026)'. */
  long: 'sm:max-xl:order-2 sm:max-xl:w-52',
  /** The last state: the rest of the line. */
  rest: 'sm:max-xl:order-2 sm:max-xl:min-w-28 sm:max-xl:flex-1',
  /**
   * A figure the table has no room for between 1280 and 1535 px, where every address must stay
   * whole on one line: shown on cards, two-line rows and wide screens (and in the person panel).
   */
  shortWide: 'sm:max-xl:order-2 sm:max-xl:w-28 xl:max-2xl:hidden',
  /** The same for the last state. */
  restWide: 'sm:max-xl:order-2 sm:max-xl:min-w-28 sm:max-xl:flex-1 xl:max-2xl:hidden',
} as const;
export type ColumnLayout = keyof typeof columnLayout;

const cellSpacing = 'px-2 2xl:px-3 xl:whitespace-nowrap';
export const headCellClass = `${cellSpacing} py-1.5 align-bottom text-xs font-medium text-ink-400 xl:border-b xl:border-ink-700 sm:max-xl:py-1`;
/** A row; on two-line rows one bordered block, on cards a bordered box. The focus ring shows on
 * the row itself when the arrow keys put focus there. */
export const rowClass = `${twoLines} hover:bg-ink-900/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-gold-400 sm:max-xl:border-b sm:max-xl:border-ink-800 sm:max-xl:py-1 max-sm:mb-2 max-sm:block max-sm:rounded-lg max-sm:border max-sm:border-ink-700 max-sm:bg-ink-900/40 max-sm:px-3 max-sm:py-1.5`;
export const cellClass = `${cellSpacing} py-1.5 align-middle text-ink-300 xl:border-b xl:border-ink-800 sm:max-xl:py-1 max-sm:flex max-sm:min-h-7 max-sm:items-center max-sm:justify-between max-sm:gap-3 max-sm:px-0 max-sm:py-0.5 max-sm:text-right max-sm:before:shrink-0 max-sm:before:text-left max-sm:before:text-xs max-sm:before:text-ink-400 max-sm:before:content-[attr(data-label)]`;
/** The address: the row's name, in the list's brightest ink; the one cell that may wrap (an
 * address longer than its column breaks rather than push the table past the screen). */
export const emailCellClass = `${cellClass.replace(' xl:whitespace-nowrap', '')} text-ink-100 max-sm:justify-start max-sm:border-b max-sm:border-ink-800 max-sm:pb-1.5 max-sm:font-medium max-sm:before:content-none`;
/** In full, wrapping anywhere only when one line cannot hold it. */
export const emailTextClass = 'min-w-0 [overflow-wrap:anywhere]';
/** Dates and short states never wrap inside. */
export const nowrapCellClass = `${cellClass} whitespace-nowrap`;
/** Row actions: quiet outlined buttons, about 22 px high; colour only on hover. */
const rowButton =
  'rounded-md border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap transition disabled:opacity-50 aria-disabled:opacity-50';
export const addButtonClass = `${rowButton} border-ink-600 text-ink-100 hover:border-gold-400 hover:text-gold-300`;
export const removeButtonClass = `${rowButton} border-ink-600 text-ink-300 hover:border-red-400/70 hover:text-red-200`;
export const emptyClass = 'py-10 text-center text-ink-300';
