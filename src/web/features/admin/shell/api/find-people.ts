/**
 * The command menu's person search: GET /api/admin/users with the typed part of an address,
 * the first few matches. It is a users list query (its key starts with the list's), so a
 * whitelist change shows in it at once and a bulk change marks it stale, as in the lists.
 */
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import type { UsersResponse } from '../../../../../contract/admin.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';
import { USERS_KEY } from '../../shared/api/list-keys.ts';

/** How many matches the menu shows; the rest are a search of the lists away. */
export const PEOPLE_SHOWN = 5;
/** Fewer characters match most of the list: the menu waits for a second one. */
export const PEOPLE_MIN_SEARCH = 2;
export const PEOPLE_FAILED_MESSAGE = 'Failed to fetch users';

export function findPeople(search: string, signal?: AbortSignal) {
  return adminRequest<UsersResponse>('/admin/users', {
    query: { search, limit: PEOPLE_SHOWN, offset: 0 },
    signal,
    label: 'admin_find_people',
    fallbackMessage: PEOPLE_FAILED_MESSAGE,
  });
}

/** The people whose address holds `search`, once it is long enough to narrow the list. */
export function usePeopleMatching(search: string) {
  const term = search.trim();
  return useQuery({
    queryKey: [USERS_KEY, 'command-menu', term] as const,
    queryFn:
      term.length >= PEOPLE_MIN_SEARCH ? ({ signal }) => findPeople(term, signal) : skipToken,
    // The last matches stay while the next search loads; the menu keeps those that still fit.
    placeholderData: keepPreviousData,
  });
}
