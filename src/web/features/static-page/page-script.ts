/**
 * The only script of the pages that load no React (route handle `hydrate: false`,
 * docs/decisions/0026): the nav bar, the mobile menu and the analytics consent banner
 * (page-behaviour.ts), with the analytics settings the root layout passes as data attributes.
 *
 * Built on its own (an IIFE under /assets/, allowed by the site's `script-src 'self'`).
 */
import { clearAnalyticsCookies } from '../../lib/analytics/analytics-cookies.ts';
import { createAnalyticsClient, type GtagHost } from '../../lib/analytics/gtag-client.ts';
import { startConsentBanner, startNav } from './page-behaviour.ts';

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.async = true;
    script.src = src;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error(`Failed to load ${src}`)));
    document.head.append(script);
  });
}

function pageAnalyticsClient(script: HTMLScriptElement | null) {
  return createAnalyticsClient(
    {
      measurementId: script?.dataset.analyticsId ?? '',
      enabled: script?.dataset.analyticsEnabled === 'true',
      debug: false,
    },
    {
      host: window as unknown as GtagHost,
      loadScript,
      currentPage: () => {
        const { origin, pathname, search } = window.location;
        return {
          path: `${pathname}${search}`,
          title: document.title,
          location: `${origin}${pathname}${search}`,
        };
      },
      clearCookies: () => clearAnalyticsCookies(document, window.location.hostname),
      log: console,
    },
  );
}

startNav();
startConsentBanner(
  pageAnalyticsClient(document.querySelector<HTMLScriptElement>('script[data-page-script]')),
);
// The page's controls respond from here on (tests and monitoring wait for it).
document.documentElement.dataset.hydrated = 'true';
