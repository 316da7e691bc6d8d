/** GET /api/admin/users (spec section 7): one page of users, optionally filtered. */
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import type { UsersResponse } from '../../../../../contract/admin.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';
import type { ListParams } from './get-signups.ts';
import { usersFilterQuery } from '../list-filters.ts';
import { USERS_KEY } from '../../shared/api/list-keys.ts';

export { USERS_KEY };
/** The spec's page size of the users (the dashboard sends limit 50). */
export const USERS_PAGE_SIZE = 50;
export const USERS_FAILED_MESSAGE = 'Failed to fetch users';

export function getUsers({ search, offset, limit, ...filters }: ListParams, signal?: AbortSignal) {
  return adminRequest<UsersResponse>('/admin/users', {
    query: { search, limit, offset, ...usersFilterQuery(filters) },
    signal,
    label: 'admin_fetch_users',
    fallbackMessage: USERS_FAILED_MESSAGE,
  });
}

/** The key of one page; the list reads the page that loaded last by it (use-list-view.ts). */
export function usersKey(params: ListParams | null) {
  return [USERS_KEY, params] as const;
}

/**
 * Loads while `params` is set; a change of search, offset or filter loads again, and the page
 * that loaded last stays in the result meanwhile.
 */
export function useUsers(params: ListParams | null) {
  return useQuery({
    queryKey: usersKey(params),
    queryFn: params ? ({ signal }) => getUsers(params, signal) : skipToken,
    placeholderData: keepPreviousData,
  });
}
