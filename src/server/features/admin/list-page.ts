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
