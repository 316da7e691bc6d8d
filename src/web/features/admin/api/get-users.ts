/** GET /api/admin/users (spec section 7): one page of users, optionally filtered. */
import type { UsersResponse } from '../../../../contract/admin.ts';
import { adminRequest } from './admin-request.ts';
import type { ListParams } from './get-signups.ts';
import { useQuery } from './use-query.ts';

export const USERS_PAGE_SIZE = 50;
export const USERS_FAILED_MESSAGE = 'Failed to fetch users';

export function getUsers({ search, offset, confirmation }: ListParams, signal?: AbortSignal) {
  return adminRequest<UsersResponse>('/admin/users', {
    query: { search, limit: USERS_PAGE_SIZE, offset, confirmation },
    signal,
    label: 'admin_fetch_users',
    fallbackMessage: USERS_FAILED_MESSAGE,
  });
}

/** Loads while `params` is set; a change of search, offset or filter loads again. */
export function useUsers(params: ListParams | null, onError?: (error: unknown) => void) {
  const key = params ? JSON.stringify(params) : null;
  return useQuery(key, (signal) => getUsers(params!, signal), onError);
}
