import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The part of a list one call asks for; `search` as typed (see email-search.ts). */
export interface ListPage {
  search?: string | undefined;
  limit: number;
  offset: number;
}

/**
 * A page with fewer rows than asked for ends the list, so it shows the total itself and no
 * count is needed. That is the usual case for a specific search, where counting would read the
 * table a second time. An empty page after an offset says only that the total is at most it.
 */
export function totalShownByPage(page: ListPage, rows: number): number | undefined {
  return rows < page.limit && (rows > 0 || page.offset === 0) ? page.offset + rows : undefined;
}

/** How many rows a list matches: exactly, or (a broad search) at least `total`. */
export interface ListTotal {
  total: number;
  exact: boolean;
}

/**
 * A search is counted up to this many matches (decision 0029): past it the total says "at
 * least" (as Elasticsearch's `track_total_hits` does by default). Counting every match of a
 * broad search ("gmail") reads most of the signups, however they are indexed.
 */
export const SEARCH_COUNT_LIMIT = 10_000;

/** The `pagination` of a list answer: `totalExact` only when false, so exact ones are as before. */
export function paginationOf(total: ListTotal, limit: number, offset: number) {
  return total.exact
    ? { total: total.total, limit, offset }
    : { total: total.total, totalExact: false, limit, offset };
}

export function exactTotal(total: number): ListTotal {
  return { total, exact: true };
}

/**
 * The total of a page of `rows` rows: shown by the page itself when it ends the list, else
 * counted by `count`. An "at least" total is never below the rows up to this page's end.
 */
export async function totalOfPage(
  page: ListPage,
  rows: number,
  count: () => Promise<ListTotal>,
): Promise<ListTotal> {
  const shown = totalShownByPage(page, rows);
  if (shown !== undefined) return exactTotal(shown);
  const counted = await count();
  return counted.exact
    ? counted
    : { total: Math.max(counted.total, page.offset + rows), exact: false };
}

/**
 * The total of a list whose rows `matching` selects (any columns), counting no further than
 * SEARCH_COUNT_LIMIT + 1 rows: the scan stops there.
 */
export async function countUpToLimit(
  db: Kysely<Database>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  matching: SelectQueryBuilder<any, any, any>,
): Promise<ListTotal> {
  const row = await db
    .selectFrom(matching.limit(SEARCH_COUNT_LIMIT + 1).as('q'))
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirst();
  const count = Number(row?.count ?? 0);
  return count > SEARCH_COUNT_LIMIT
    ? { total: SEARCH_COUNT_LIMIT, exact: false }
    : { total: count, exact: true };
}
