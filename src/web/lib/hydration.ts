import { useSyncExternalStore } from 'react';
import { useMatches, type UIMatch } from 'react-router';

/**
 * A route's `handle`. `hydrate: false` marks a page that needs no React in the browser: its
 * prerendered HTML is the page, and the root layout leaves out React Router's scripts for it,
 * loading the small page script instead (docs/decisions/0026).
 */
export interface RouteHandle {
  hydrate?: boolean;
}

/** The `handle` export of a page that works without React in the browser. */
export const staticPageHandle: RouteHandle = { hydrate: false };

/** Whether the matched routes need React in the browser: all of them must allow it. */
export function routesHydrate(matches: readonly Pick<UIMatch, 'handle'>[]): boolean {
  return !matches.some((match) => (match.handle as RouteHandle | undefined)?.hydrate === false);
}

const noSubscription = () => () => {};

/**
 * True while rendering the HTML of a page that will not hydrate (at build time). False in the
 * browser, where React runs only on pages that hydrate or after a client-side navigation from
 * one: there the React versions of the nav, banner and settings button take over.
 */
export function useStaticPage(): boolean {
  const matches = useMatches();
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return !inBrowser && !routesHydrate(matches);
}
