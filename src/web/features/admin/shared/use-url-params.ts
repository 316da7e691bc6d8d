import { useCallback } from 'react';
import { useNavigate, useSearchParams, type NavigateOptions } from 'react-router';

/**
 * The address's query, as `useSearchParams` gives it, with an update that starts from the
 * address as it is when the update is made.
 *
 * React Router hands an updater the query of the last render, and its navigations render as
 * transitions: a change made before the last one has rendered (a settled search written to the
 * address just after a click on another view) would start from the query before that click and
 * undo it. The address itself is always up to date: the router writes it at once.
 */
export function useUrlParams(): [
  URLSearchParams,
  (update: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => void,
] {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const update = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      const next = change(new URLSearchParams(window.location.search));
      void navigate(`?${next.toString()}`, options);
    },
    [navigate],
  );
  return [params, update];
}
