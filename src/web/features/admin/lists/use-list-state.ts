/**
 * The state of both lists: the search, the filters and the page size live in the URL
 * (shareable, and Back undoes a change), each list keeps its page of that search, and the list
 * shown is loaded.
 */
import { useEffect, useRef, useState } from 'react';
import { SIGNUPS_PAGE_SIZE, signupsKey, useSignups } from './api/get-signups.ts';
import { USERS_PAGE_SIZE, useUsers, usersKey } from './api/get-users.ts';
import type { ConfirmationChoice } from './components/confirmation-filter.tsx';
import { filterQuery, readFilters, writeFilters, type ListFilters } from './list-filters.ts';
import { readPageSize, writePageSize, type PageSize } from './page-size.ts';
import { draftAfterAddressChange } from './search-draft.ts';
import { useDebouncedValue } from './use-debounced-value.ts';
import { useListView } from './use-list-view.ts';
import { useUrlParams } from '../shared/use-url-params.ts';

export const SEARCH_DEBOUNCE_MS = 300;

export type ListId = 'signups' | 'users';

const LIST_FAILED_MESSAGE = 'Failed to load the list';

/** Each list's own page size (spec section 9), while no other is chosen. */
const SPEC_PAGE_SIZES: Record<ListId, number> = {
  signups: SIGNUPS_PAGE_SIZE,
  users: USERS_PAGE_SIZE,
};

export function useListState({
  shown,
  onError,
}: {
  /** The list on screen, which is loaded; null while neither is. */
  shown: ListId | null;
  /** A load failed: the text to fall back on names the list. */
  onError: (caught: Error, fallback: string) => void;
}) {
  const [params, setParams] = useUrlParams();
  const filters = readFilters(params);
  const setFilters = (next: ListFilters) => setParams((current) => writeFilters(current, next));
  const setConfirmation = (choice: ConfirmationChoice) =>
    setFilters({ ...filters, confirmation: choice === 'all' ? undefined : choice });
  const chosenSize = readPageSize(params);
  const pageSizes: Record<ListId, number> = {
    signups: chosenSize ?? SPEC_PAGE_SIZES.signups,
    users: chosenSize ?? SPEC_PAGE_SIZES.users,
  };
  const setPageSize = (list: ListId, size: PageSize) =>
    setParams((current) => writePageSize(current, size, SPEC_PAGE_SIZES[list]));

  // The search box holds a draft; once it settles (300 ms), it becomes the URL's `q`, replacing
  // the entry rather than adding one per search. The lists follow the URL, so Back restores it.
  const search = (params.get('q') ?? '').trim();
  const [searchInput, setSearchInput] = useState(search);
  const settledInput = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const [seenSearch, setSeenSearch] = useState(search);
  if (search !== seenSearch) {
    setSeenSearch(search);
    const draft = draftAfterAddressChange(searchInput, search, settledInput);
    if (draft !== searchInput) setSearchInput(draft);
  }
  const setParamsRef = useRef(setParams);
  useEffect(() => {
    setParamsRef.current = setParams;
  });
  useEffect(() => {
    setParamsRef.current(
      (current) => {
        if ((current.get('q') ?? '') === settledInput) return current;
        const updated = new URLSearchParams(current);
        if (settledInput) updated.set('q', settledInput);
        else updated.delete('q');
        return updated;
      },
      { replace: true },
    );
  }, [settledInput]);

  /** The search and filters as the API and the export take them. */
  const query = { search, ...filterQuery(filters) };
  // Pages belong to one search and filter: a new one starts both lists at their first page, and
  // so does another page size.
  const pagingKey = JSON.stringify(query);
  const offsetsKey = JSON.stringify([query, chosenSize]);
  const [paging, setPaging] = useState({ key: offsetsKey, signups: 0, users: 0 });
  const offsets = paging.key === offsetsKey ? paging : { key: offsetsKey, signups: 0, users: 0 };
  const setOffset = (list: ListId, offset: number) => setPaging({ ...offsets, [list]: offset });

  const signupsParams =
    shown === 'signups'
      ? { ...filters, search, offset: offsets.signups, limit: pageSizes.signups }
      : null;
  const signups = useListView(
    useSignups(signupsParams),
    signupsKey(signupsParams),
    (data) => data.signups,
    {
      failedText: LIST_FAILED_MESSAGE,
      onError: (caught) => onError(caught, 'Failed to fetch signups'),
    },
  );
  const usersParams =
    shown === 'users'
      ? { ...filters, search, offset: offsets.users, limit: pageSizes.users }
      : null;
  const users = useListView(useUsers(usersParams), usersKey(usersParams), (data) => data.users, {
    failedText: LIST_FAILED_MESSAGE,
    onError: (caught) => onError(caught, 'Failed to fetch users'),
  });

  return {
    search,
    searchInput,
    setSearchInput,
    filters,
    setFilters,
    setConfirmation,
    query,
    pagingKey,
    offsets,
    setOffset,
    pageSizes,
    setPageSize,
    signups,
    users,
  };
}

export type ListState = ReturnType<typeof useListState>;
