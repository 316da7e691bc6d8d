/**
 * The dashboard's read calls through TanStack Query: each key is loaded when first shown, a
 * newer key never receives an older key's answer, the caller may patch the loaded data (for
 * example after a whitelist change) and reload it. `onError` is told of each failed load once.
 */
import { useQuery as useTanStackQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface QueryState<T> {
  data: T | undefined;
  error: unknown;
  isLoading: boolean;
  /**
   * The data of the last key that loaded (another search or page, say), kept in the cache with
   * every later patch: what a list shows when its current key failed.
   */
  lastData: T | undefined;
  /** A reload after an error is under way. */
  isFetching: boolean;
  /** Changes the loaded data in place (for example after a whitelist change). */
  setData: (update: (data: T) => T) => void;
  reload: () => void;
}

export function useQuery<T>(
  /** Null: nothing to load now (the list is not shown). A text is a key of one part. */
  key: QueryKey | string | null,
  load: (signal: AbortSignal) => Promise<T>,
  onError?: (error: unknown) => void,
): QueryState<T> {
  const client = useQueryClient();
  const queryKey: QueryKey | null = typeof key === 'string' ? [key] : key;
  const query = useTanStackQuery({
    queryKey: queryKey ?? ['idle'],
    queryFn: ({ signal }) => load(signal),
    enabled: key !== null,
  });

  // Reported once per failed load; a failure already in the cache when this mounted is not new.
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

  const keyText = queryKey === null ? null : JSON.stringify(queryKey);
  const setData = useCallback(
    (update: (data: T) => T) => {
      if (keyText === null) return;
      client.setQueryData<T>(JSON.parse(keyText) as QueryKey, (data) =>
        data === undefined ? data : update(data),
      );
    },
    [client, keyText],
  );
  const [lastKey, setLastKey] = useState<string | null>(null);
  if (query.isSuccess && keyText !== null && keyText !== lastKey) setLastKey(keyText);
  const lastData =
    lastKey === null ? undefined : client.getQueryData<T>(JSON.parse(lastKey) as QueryKey);

  // A reload of a failed key keeps its failure on screen (as "retrying") until an answer comes,
  // rather than showing the first-load state again.
  const [failed, setFailed] = useState<{ key: string; error: unknown } | null>(null);
  if (query.error && keyText !== null && (failed?.key !== keyText || failed.error !== query.error))
    setFailed({ key: keyText, error: query.error });
  if (query.isSuccess && failed !== null) setFailed(null);
  const retrying =
    failed !== null && failed.key === keyText && query.error === null && query.isFetching;

  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);

  const active = key !== null;
  return {
    data: active ? query.data : undefined,
    error: active ? (query.error ?? (retrying ? failed.error : undefined)) : undefined,
    lastData,
    isLoading: active && query.isLoading && !retrying,
    isFetching: active && query.isFetching,
    setData,
    reload,
  };
}
