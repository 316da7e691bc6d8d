/** GET /api/admin/signups (spec section 7): one page of signups, optionally filtered. */
import type { ConfirmationFilter, SignupsResponse } from '../../../../contract/admin.ts';
import { adminRequest } from './admin-request.ts';
import { useQuery } from './use-query.ts';

export const SIGNUPS_PAGE_SIZE = 10;
export const SIGNUPS_FAILED_MESSAGE = 'Failed to fetch signups';

export interface ListParams {
  search: string;
  offset: number;
  /** Only confirmed or pending signups; unset: all of them. */
  confirmation?: ConfirmationFilter | undefined;
}

export function getSignups({ search, offset, confirmation }: ListParams, signal?: AbortSignal) {
  return adminRequest<SignupsResponse>('/admin/signups', {
    query: { search, limit: SIGNUPS_PAGE_SIZE, offset, confirmation },
    signal,
    label: 'admin_fetch_signups',
    fallbackMessage: SIGNUPS_FAILED_MESSAGE,
  });
}

/** Loads while `params` is set; a change of search, offset or filter loads again. */
export function useSignups(params: ListParams | null, onError?: (error: unknown) => void) {
  const key = params ? JSON.stringify(params) : null;
  return useQuery(key, (signal) => getSignups(params!, signal), onError);
}
