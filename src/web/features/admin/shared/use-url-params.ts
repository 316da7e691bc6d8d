import { useCallback } from 'react';
import { useNavigate, useSearchParams, type NavigateOptions } from 'react-router';

/**
 * The query an update starts from: the address's, or, while a navigation asked for from that
 * address has not yet written it, the query that navigation is taking the address to.
 *
 * React Router writes the address only once a navigation completes, a few microtasks after it
 * is asked for, and a second navigation started before then cancels the first. Two changes in
 * one task (a click on another view, and the settled search React's effects write in the same
 * event) must both land: the second starts from the first's query, not from the address.
 */
export function createQueryTracker(readAddress: () => string) {
  let pending: { from: string; query: string } | null = null;
  return {
    /** The query the next change starts from. */
    current(): URLSearchParams {
      const address = readAddress();
      // A navigation the address has moved on from since (Back, or it completed) is no base.
      return new URLSearchParams(pending?.from === address ? pending.query : address);
    },
    /** A navigation to `query` is asked for; call the returned function once it has settled. */
    asked(query: URLSearchParams): () => void {
      const entry = { from: readAddress(), query: query.toString() };
      pending = entry;
      return () => {
        if (pending === entry) pending = null;
      };
    },
  };
}

const tracker = createQueryTracker(() => window.location.search);

/**
 * The address's query, as `useSearchParams` gives it, with an update that starts from the
 * query as it is, or is about to be, when the update is made.
 *
 * React Router hands an updater the query of the last render, and its navigations render as
 * transitions: a change made before the last one has rendered (a settled search written to the
 * address just after a click on another view) would start from the query before that click and
 * undo it. The tracker above holds what the router has been asked for and not yet written.
 */
export function useUrlParams(): [
  URLSearchParams,
  (update: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => void,
] {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const update = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      const next = change(tracker.current());
      const settled = tracker.asked(next);
      void Promise.resolve(navigate(`?${next.toString()}`, options)).finally(settled);
    },
    [navigate],
  );
  return [params, update];
}
