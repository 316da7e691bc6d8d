/** GET /api/admin/users (spec section 7): one page of users, optionally filtered. */
import type { UsersResponse } from '../../../../../contract/admin.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';
import type { ListParams } from './get-signups.ts';
import { filterQuery } from '../list-filters.ts';
import { USERS_KEY } from '../../shared/api/list-keys.ts';
import { useQuery } from '../../shared/api/use-query.ts';

export { USERS_KEY };
export const USERS_PAGE_SIZE = 50;
export const USERS_FAILED_MESSAGE = 'Failed to fetch users';

export function getUsers({ search, offset, ...filters }: ListParams, signal?: AbortSignal) {
  return adminRequest<UsersResponse>('/admin/users', {
    query: { search, limit: USERS_PAGE_SIZE, offset, ...filterQuery(filters) },
    signal,
    label: 'admin_fetch_users',
    fallbackMessage: USERS_FAILED_MESSAGE,
  });
}

/** Loads while `params` is set; a change of search, offset or filter loads again. */
export function useUsers(params: ListParams | null, onError?: (error: unknown) => void) {
  return useQuery(
    params ? [USERS_KEY, params] : null,
    (signal) => getUsers(params!, signal),
    onError,
  );
}
