/** GET /api/admin/signups (spec section 7): one page of signups, optionally filtered. */
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import type { SignupsResponse } from '../../../../../contract/admin.ts';
import { filterQuery, type ListFilters } from '../list-filters.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';
import { SIGNUPS_KEY } from '../../shared/api/list-keys.ts';

export { SIGNUPS_KEY };
/** The spec's page size of the signups (the dashboard sends limit 10). */
export const SIGNUPS_PAGE_SIZE = 10;
export const SIGNUPS_FAILED_MESSAGE = 'Failed to fetch signups';

/**
 * A page of a list: the search, the filters and order (list-filters.ts), where it starts and how
 * many rows it holds (the spec's page size unless another was chosen, page-size.ts).
 */
export interface ListParams extends ListFilters {
  search: string;
  offset: number;
  limit: number;
}

export function getSignups(
  { search, offset, limit, ...filters }: ListParams,
  signal?: AbortSignal,
) {
  return adminRequest<SignupsResponse>('/admin/signups', {
    query: { search, limit, offset, ...filterQuery(filters) },
    signal,
    label: 'admin_fetch_signups',
    fallbackMessage: SIGNUPS_FAILED_MESSAGE,
  });
}

/** The key of one page; the list reads the page that loaded last by it (use-list-view.ts). */
export function signupsKey(params: ListParams | null) {
  return [SIGNUPS_KEY, params] as const;
}

/**
 * Loads while `params` is set; a change of search, offset or filter loads again, and the page
 * that loaded last stays in the result meanwhile.
 */
export function useSignups(params: ListParams | null) {
  return useQuery({
    queryKey: signupsKey(params),
    queryFn: params ? ({ signal }) => getSignups(params, signal) : skipToken,
    placeholderData: keepPreviousData,
  });
}
