/**
 * How many rows a list's page shows: 10, 25, 50 or 100, chosen above the list and kept in the
 * page's URL (`size`), so a reload or a shared address shows as many. Without a choice each list
 * shows the spec's own number (Signups 10, Users 50). One choice serves both lists; choosing the
 * shown list's own number removes it, which keeps the address bare.
 */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

const PARAM = 'size';

/** The page size the URL names, if it is one of the choices. */
export function readPageSize(params: URLSearchParams): PageSize | undefined {
  const value = params.get(PARAM);
  return PAGE_SIZES.find((size) => String(size) === value);
}

/** The URL's parameters with `size` chosen for a list whose own page size is `listDefault`. */
export function writePageSize(
  params: URLSearchParams,
  size: PageSize,
  listDefault: number,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (size === listDefault) next.delete(PARAM);
  else next.set(PARAM, String(size));
  return next;
}
