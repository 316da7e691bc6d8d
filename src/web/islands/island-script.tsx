/**
 * The only script of a page whose route says `islands: true` (the home, signup, app, extension
 * and health pages, docs/decisions/0028). The page is the prerendered HTML; this script runs
 * the same nav, mobile menu and consent banner as the pages without React (page-behaviour.ts)
 * and hydrates only the parts that need it, each on its own root: the signup forms, the demo
 * video and the health page's status cards. React Router's runtime does not load here, so
 * links are plain page loads.
 *
 * Built on its own (an IIFE under /assets/, allowed by the site's `script-src 'self'`), with
 * `react` and `react-dom` resolved to Preact's compatibility layer (scripts/island-runtime.ts,
 * docs/decisions/0030): the islands are the React components the server prerenders.
 */
import { useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { scrollToSection } from '../components/ui/scroll-link.tsx';
import { analytics } from '../lib/analytics/analytics.ts';
import { demoVideosIsland } from '../features/demo-video/demo-videos-island.tsx';
import { healthDashboardIsland } from '../features/health/health-dashboard-island.tsx';
import { signupFormIsland } from '../features/signup/signup-form-island.tsx';
import { startConsentBanner, startNav } from '../features/static-page/page-behaviour.ts';
import type { IslandDefinition } from '../lib/island.tsx';

const islands: IslandDefinition<never>[] = [
  signupFormIsland,
  demoVideosIsland,
  healthDashboardIsland,
];

/** Tells when React has committed an island (its effects run after hydration). */
function Hydrated({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

function hydrateIslands(done: () => void) {
  const boxes = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  let waiting = boxes.length;
  const oneHydrated = () => {
    waiting -= 1;
    if (waiting === 0) done();
  };
  if (waiting === 0) done();
  for (const box of boxes) {
    const island = islands.find((candidate) => candidate.name === box.dataset.island);
    if (!island) throw new Error(`No island named ${box.dataset.island ?? ''}`);
    const props = JSON.parse(box.dataset.islandProps ?? '{}') as never;
    hydrateRoot(box, <Hydrated onHydrated={oneHydrated}>{island.render(props)}</Hydrated>);
  }
}

// In-page links ('See it in action') scroll with the nav bar's offset and move focus, as
// ScrollLink does on the React pages; their click is recorded from `data-track-label`.
function startScrollLinks() {
  document.addEventListener('click', (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-scroll-to]');
    if (link?.dataset.scrollTo && scrollToSection(link.dataset.scrollTo)) event.preventDefault();
  });
}

startNav();
startScrollLinks();
const client = analytics();
if (client) startConsentBanner(client);
hydrateIslands(() => {
  // The page's controls respond from here on (tests and monitoring wait for it).
  document.documentElement.dataset.hydrated = 'true';
});
