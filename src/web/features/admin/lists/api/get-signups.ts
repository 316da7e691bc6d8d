/** GET /api/admin/signups (spec section 7): one page of signups, optionally filtered. */
import type { SignupsResponse } from '../../../../../contract/admin.ts';
import { filterQuery, type ListFilters } from '../list-filters.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';
import { SIGNUPS_KEY } from '../../shared/api/list-keys.ts';
import { useQuery } from '../../shared/api/use-query.ts';

export { SIGNUPS_KEY };
export const SIGNUPS_PAGE_SIZE = 10;
export const SIGNUPS_FAILED_MESSAGE = 'Failed to fetch signups';

/** A page of a list: the search, the filters and order (list-filters.ts), and where it starts. */
export interface ListParams extends ListFilters {
  search: string;
  offset: number;
}

export function getSignups({ search, offset, ...filters }: ListParams, signal?: AbortSignal) {
  return adminRequest<SignupsResponse>('/admin/signups', {
    query: { search, limit: SIGNUPS_PAGE_SIZE, offset, ...filterQuery(filters) },
    signal,
    label: 'admin_fetch_signups',
    fallbackMessage: SIGNUPS_FAILED_MESSAGE,
  });
}

/** Loads while `params` is set; a change of search, offset or filter loads again. */
export function useSignups(params: ListParams | null, onError?: (error: unknown) => void) {
  return useQuery(
    params ? [SIGNUPS_KEY, params] : null,
    (signal) => getSignups(params!, signal),
    onError,
  );
}
