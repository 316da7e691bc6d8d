/**
 * What a list shows of its query (placeholderData: keepPreviousData). While another search or
 * page loads, the query holds the rows that loaded last; the list says "Loading" then, as on its
 * first load. A failed load shows its failure with Retry above the rows that loaded last: the
 * query holds none once it failed, so they are read from the cache by their key, with every
 * later change to them (a whitelist change).
 */
import { hashKey, useQueryClient, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useLoadState } from '../shared/api/use-load-state.ts';
import type { ListFailureState } from './components/list-failure.tsx';

export interface ListView<T, Row> {
  /** The current search's or page's answer; undefined while it loads. */
  data: T | undefined;
  /** The rows to show: the answer's, or after a failure those that loaded last. */
  rows: Row[] | undefined;
  isLoading: boolean;
  /** The failure and its Retry, while the current search or page has failed. */
  failure: ListFailureState | undefined;
}

export function useListView<T, Row>(
  query: UseQueryResult<T>,
  queryKey: QueryKey,
  rowsOf: (data: T) => Row[],
  options: { failedText: string; onError?: (error: Error) => void },
): ListView<T, Row> {
  const client = useQueryClient();
  const load = useLoadState(query, options.onError);
  const data = query.isPlaceholderData ? undefined : query.data;

  const keyHash = hashKey(queryKey);
  const [loaded, setLoaded] = useState<{ hash: string; key: QueryKey } | null>(null);
  if (data !== undefined && loaded?.hash !== keyHash) setLoaded({ hash: keyHash, key: queryKey });
  const lastLoaded = loaded ? client.getQueryData<T>(loaded.key) : undefined;

  const shown = load.error ? (query.data ?? lastLoaded) : data;
  const rows = shown === undefined ? undefined : rowsOf(shown);
  return {
    data,
    rows,
    isLoading: !load.error && query.isFetching && (query.isPending || query.isPlaceholderData),
    failure: load.error
      ? {
          message: load.error instanceof Error ? load.error.message : options.failedText,
          onRetry: () => void query.refetch(),
          retrying: load.retrying,
          keepsRows: Boolean(rows?.length),
        }
      : undefined,
  };
}
