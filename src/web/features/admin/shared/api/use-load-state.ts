/**
 * What a screen shows of a query's load, on TanStack Query's own result. `onError` is told of
 * each failed load once (a failure already in the cache when this mounted is not new): for
 * example, to end the dashboard on 401. A query that failed before it held any data is pending
 * again while it is retried, with its error cleared; the failure stays on screen (as "retrying")
 * until an answer comes, rather than the first load's state coming back.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';

export interface LoadState {
  /** The failure of the last load, kept while the query is retried. */
  error: Error | null;
  /** A retry of that failure is under way. */
  retrying: boolean;
  /** The first load, with neither data nor a failure to show. */
  isLoading: boolean;
}

export function useLoadState(
  query: UseQueryResult<unknown>,
  onError?: (error: Error) => void,
): LoadState {
  const reported = useRef(query.errorUpdatedAt);
  const latestOnError = useRef(onError);
  useEffect(() => {
    latestOnError.current = onError;
  });
  useEffect(() => {
    if (query.error === null || query.errorUpdatedAt <= reported.current) return;
    reported.current = query.errorUpdatedAt;
    latestOnError.current?.(query.error);
  }, [query.error, query.errorUpdatedAt]);

  const [failed, setFailed] = useState<{ error: Error; at: number } | null>(null);
  if (query.error !== null && failed?.error !== query.error) {
    setFailed({ error: query.error, at: query.errorUpdatedAt });
  }
  // This query's last answer was that failure, and it is asked again with nothing to show.
  const kept =
    failed !== null &&
    query.error === null &&
    query.isFetching &&
    query.errorUpdatedAt === failed.at &&
    query.errorUpdatedAt > query.dataUpdatedAt;
  const error = query.error ?? (kept ? failed.error : null);
  return {
    error,
    retrying: error !== null && query.isFetching,
    isLoading: query.isLoading && !kept,
  };
}
