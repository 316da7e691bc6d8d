/**
 * A small stand-in for a query hook: loads when its key changes, ignores answers that arrive
 * after a newer request started, and lets the caller patch the loaded data locally.
 */
import { useCallback, useEffect, useState } from 'react';
import { isAbortError } from './admin-request.ts';

export interface QueryState<T> {
  data: T | undefined;
  error: unknown;
  isLoading: boolean;
  /** Changes the loaded data in place (for example after a whitelist change). */
  setData: (update: (data: T) => T) => void;
  reload: () => void;
}

export function useQuery<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  onError?: (error: unknown) => void,
): QueryState<T> {
  const [result, setResult] = useState<{ key: string | null; data?: T; error?: unknown }>({
    key: null,
  });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setResult({ key, data });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isAbortError(error)) return;
        setResult({ key, error });
        onError?.(error);
      },
    );
    return () => controller.abort();
    // `load` and `onError` are new functions on every render; the key says what is loaded.
  }, [key, attempt]);

  const setData = useCallback((update: (data: T) => T) => {
    setResult((current) =>
      current.data === undefined ? current : { ...current, data: update(current.data) },
    );
  }, []);
  const reload = useCallback(() => setAttempt((value) => value + 1), []);

  const current = key !== null && result.key === key;
  return {
    data: current ? result.data : undefined,
    error: current ? result.error : undefined,
    isLoading: key !== null && !current,
    setData,
    reload,
  };
}
