/**
 * A person's place in line, credited referrals and the products they want first (decision
 * 0040): the same three cells at the end of both lists.
 */
import { PRODUCT_LABELS, type ProductChoice } from '../list-filters.ts';
import { cellClass, nowrapCellClass } from '../../shared/components/table-styles.ts';
import { columnCell, type Column } from './list-table.tsx';

export const LINE_COLUMN = {
  place: { name: 'Place', layout: 'short' },
  referrals: { name: 'Referrals', layout: 'shortWide' },
  products: { name: 'Wants first', layout: 'restWide' },
} as const satisfies Record<string, Column>;

/** Sorted by referrals, the count is what the list is ordered by: shown at every width. */
const REFERRALS_SHOWN = { name: 'Referrals', layout: 'short' } as const satisfies Column;

/** The columns with the referrals shown at every width when `shown` (the list's order). */
export function withReferralsShown(columns: Column[], shown: boolean): Column[] {
  return shown
    ? columns.map((column) => (column === LINE_COLUMN.referrals ? REFERRALS_SHOWN : column))
    : columns;
}

/** Short product names for a dense cell: 'iOS, Chrome'. */
function productsText(products: readonly ProductChoice[]): string {
  return products.map((product) => PRODUCT_LABELS[product].split(' ')[0]).join(', ');
}

export function LineCells({
  place,
  referrals,
  products,
  referralsShown = false,
}: {
  place?: number | undefined;
  referrals?: number | undefined;
  products?: readonly ProductChoice[] | undefined;
  /** The list is sorted by referrals: the count shows at every width. */
  referralsShown?: boolean | undefined;
}) {
  return (
    <>
      <td
        className={columnCell(`${nowrapCellClass} tabular-nums`, LINE_COLUMN.place)}
        data-label="Place"
      >
        {place === undefined ? (
          <span className="text-ink-400">
            <span aria-hidden="true">–</span>
            <span className="sr-only">Not waiting</span>
          </span>
        ) : (
          <span className="text-ink-100">{place.toLocaleString('en-US')}</span>
        )}
      </td>
      <td
        className={columnCell(
          `${nowrapCellClass} tabular-nums`,
          referralsShown ? REFERRALS_SHOWN : LINE_COLUMN.referrals,
        )}
        data-label="Referrals"
      >
        {referrals ? (
          <span className="text-ink-100">{referrals}</span>
        ) : (
          <span className="text-ink-400">0</span>
        )}
      </td>
      <td className={columnCell(cellClass, LINE_COLUMN.products)} data-label="Wants first">
        {products?.length ? productsText(products) : <span className="text-ink-400">–</span>}
      </td>
    </>
  );
}
