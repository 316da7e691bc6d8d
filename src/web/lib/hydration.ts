import { useContext, useSyncExternalStore } from 'react';
import { UNSAFE_FrameworkContext, useMatches, type UIMatch } from 'react-router';

/**
 * A route's `handle`. `hydrate: false` marks a page that needs no React in the browser: its
 * prerendered HTML is the page, and the root layout leaves out React Router's scripts for it,
 * loading the small page script instead (docs/decisions/0026).
 */
export interface RouteHandle {
  hydrate?: boolean;
  /**
   * With `hydrate: false`: the page's script is the island script, which hydrates the parts
   * drawn with <Island> on their own (docs/decisions/0028).
   */
  islands?: boolean;
  /**
   * `false`: a page that never measures: no consent banner and no analytics, whatever the
   * visitor chose (pages for people carry signed links and addresses in their URL).
   */
  measured?: boolean;
}

/** The `handle` export of a page that works without React in the browser. */
export const staticPageHandle: RouteHandle = { hydrate: false };

/** The `handle` export of a page for people: no React in the browser, and never measured. */
export const personPageHandle: RouteHandle = { hydrate: false, measured: false };

/** Whether the matched routes may be measured (with consent): none of them may refuse it. */
export function routesMeasured(matches: readonly Pick<UIMatch, 'handle'>[]): boolean {
  return !matches.some((match) => (match.handle as RouteHandle | undefined)?.measured === false);
}

/** The `handle` export of a page that hydrates only its islands (docs/decisions/0028). */
export const islandsPageHandle: RouteHandle = { hydrate: false, islands: true };

/** Whether the matched routes need React in the browser: all of them must allow it. */
export function routesHydrate(matches: readonly Pick<UIMatch, 'handle'>[]): boolean {
  return !matches.some((match) => (match.handle as RouteHandle | undefined)?.hydrate === false);
}

/** Whether a page that does not hydrate loads the island script rather than the page script. */
export function routesUseIslands(matches: readonly Pick<UIMatch, 'handle'>[]): boolean {
  return matches.some((match) => (match.handle as RouteHandle | undefined)?.islands === true);
}

/**
 * True while React Router renders the SPA fallback page (the admin page runs on it). It renders
 * it at `/`, so useMatches() names the home page's route, but the page is the root alone and
 * must load React Router's scripts. The framework context is the only place that says so.
 */
export function useSpaFallback(): boolean {
  return useContext(UNSAFE_FrameworkContext)?.isSpaMode === true;
}

const noSubscription = () => () => {};

/**
 * True while rendering the HTML of a page that will not hydrate (at build time). False in the
 * browser, where React runs only on pages that hydrate or after a client-side navigation from
 * one: there the React versions of the nav, banner and settings button take over.
 */
export function useStaticPage(): boolean {
  const matches = useMatches();
  const spaFallback = useSpaFallback();
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return !inBrowser && !spaFallback && !routesHydrate(matches);
}
