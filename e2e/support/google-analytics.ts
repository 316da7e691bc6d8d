import type { Page } from '@playwright/test';

const GOOGLE = /googletagmanager\.com|google-analytics\.com|analytics\.google\.com/;
const COLLECT = 'https://region1.google-analytics.com/g/collect';

/**
 * A stand-in for gtag.js: it reads the page's gtag() queue as Google's script does and sends
 * each event to the GA4 collection endpoint, one request per event, with the event name as
 * `en` and its parameters as `ep.*` (text) or `epn.*` (numbers), as GA4's protocol does.
 */
const STAND_IN_GTAG = `(() => {
  const layer = (window.dataLayer = window.dataLayer || []);
  const send = (args) => {
    if (args[0] !== 'event') return;
    const query = new URLSearchParams({ v: '2', en: String(args[1]) });
    for (const [key, value] of Object.entries(args[2] || {})) {
      query.set((typeof value === 'number' ? 'epn.' : 'ep.') + key, String(value));
    }
    fetch('${COLLECT}?' + query, { method: 'POST', mode: 'no-cors', keepalive: true });
  };
  Array.prototype.forEach.call(layer, send);
  const push = layer.push.bind(layer);
  layer.push = (...entries) => {
    entries.forEach(send);
    return push(...entries);
  };
})();`;

export interface CollectedEvent {
  name: string;
  params: Record<string, string>;
}

/**
 * Intercepts every request to Google: gtag.js is answered with the stand-in above, and the
 * events it sends are collected. `requests` lists every URL that tried to reach Google.
 */
export async function collectGoogleAnalytics(page: Page) {
  const requests: string[] = [];
  const events: CollectedEvent[] = [];
  await page.route(GOOGLE, (route) => {
    const url = new URL(route.request().url());
    requests.push(url.href);
    if (url.pathname === '/g/collect') {
      const params: Record<string, string> = {};
      for (const [key, value] of url.searchParams) {
        const name = /^epn?\.(.+)$/.exec(key)?.[1];
        if (name) params[name] = value;
      }
      events.push({ name: url.searchParams.get('en') ?? '', params });
      return route.fulfill({ status: 204 });
    }
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: STAND_IN_GTAG });
  });
  return { requests, events };
}
