import type { Page } from '@playwright/test';
import { E2E_MEASUREMENT_ID } from './support/environment.ts';
import { expect, gotoHydrated, test } from './support/fixtures.ts';
import { PUBLIC_PAGES } from './support/site.ts';

const GOOGLE = /googletagmanager\.com|google-analytics\.com|analytics\.google\.com/;

/** Intercepts every request to Google; gtag.js is answered with an empty script. */
async function interceptGoogle(page: Page) {
  const requests: string[] = [];
  await page.route(GOOGLE, (route) => {
    requests.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
  });
  return requests;
}

async function dataLayerEvents(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter((args) => args[0] === 'event')
      .map((args) => String(args[1])),
  );
}

async function analyticsCookies(page: Page) {
  return (await page.context().cookies()).filter((cookie) => cookie.name.startsWith('_ga'));
}

test('nothing goes to Google and no _ga cookie is set before consent', async ({ page }) => {
  const requests = await interceptGoogle(page);
  await gotoHydrated(page, '/');
  await expect(page.getByRole('region', { name: 'Analytics consent' })).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Pricing' })
    .click();
  await expect(page).toHaveURL('/pricing');

  expect(requests).toEqual([]);
  expect(await analyticsCookies(page)).toEqual([]);
  expect(await dataLayerEvents(page)).toEqual([]);
});

test('after consent gtag loads and page views and events are sent', async ({ page }) => {
  const requests = await interceptGoogle(page);
  await gotoHydrated(page, '/');
  await page.getByRole('button', { name: 'Accept analytics' }).click();

  await expect
    .poll(() => requests.some((url) => url.includes(`gtag/js?id=${E2E_MEASUREMENT_ID}`)))
    .toBe(true);
  await expect.poll(() => pageViewPaths(page)).toEqual(['/']);

  // The home page has no client-side router (docs/decisions/0028): Pricing is a new document,
  // which records its own page view with the stored consent.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL('/pricing');
  await expect.poll(() => pageViewPaths(page)).toEqual(['/pricing']);

  await nav.getByRole('link', { name: 'Try for Free' }).click();
  await expect(page).toHaveURL('/signup');
  await expect.poll(() => pageViewPaths(page)).toEqual(['/signup']);
  const signup = page.locator('[data-testid="signup"][data-signup-type="general"]');
  await signup.getByLabel('Email address').fill(`consented-${Date.now()}@example.com`);
  await signup.getByTestId('signup-submit').click();
  await expect(signup.getByText('Thanks for signing up!')).toBeVisible();
  await expect
    .poll(() => dataLayerEvents(page))
    .toEqual(expect.arrayContaining(['click', 'api_call', 'form_submit']));

  // /signup hydrates only its form (docs/decisions/0028): Get Extension is a new document too,
  // with its own page view and no banner.
  await nav.getByRole('link', { name: 'Get Extension' }).click();
  await expect(page).toHaveURL('/get-extension');
  await expect.poll(() => pageViewPaths(page)).toEqual(['/get-extension']);
  await expect(page.getByRole('region', { name: 'Analytics consent' })).toBeHidden();
});

test('a refusal is remembered and nothing loads', async ({ page }) => {
  const requests = await interceptGoogle(page);
  await gotoHydrated(page, '/');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('region', { name: 'Analytics consent' })).toBeHidden();

  await gotoHydrated(page, '/about');
  await expect(page.getByRole('region', { name: 'Analytics consent' })).toBeHidden();
  expect(requests).toEqual([]);
  expect(await analyticsCookies(page)).toEqual([]);
});

test('Global Privacy Control counts as a refusal', async ({ page }) => {
  await page.addInitScript(() =>
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: true }),
  );
  const requests = await interceptGoogle(page);
  await gotoHydrated(page, '/');
  await expect(page.getByRole('region', { name: 'Analytics consent' })).toBeHidden();
  expect(requests).toEqual([]);
});

/** The page_path of every page_view in the dataLayer. */
async function pageViewPaths(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter((args) => args[0] === 'event' && args[1] === 'page_view')
      .map((args) => String((args[2] as { page_path?: unknown }).page_path)),
  );
}

// Pages with islands (/, /signup, /get-app, /get-extension, /health) and pages with the page
// script only (/pricing, /about, /privacy, /terms, the 404 page) follow the same rules.
test.describe('every page', () => {
  test.use({ allowConsoleErrors: /404 \(Not Found\)/ });

  for (const path of PUBLIC_PAGES) {
    test(`${path}: nothing before consent, then gtag and its page view`, async ({ page }) => {
      const requests = await interceptGoogle(page);
      await gotoHydrated(page, path);
      const banner = page.getByRole('region', { name: 'Analytics consent' });
      await expect(banner).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(requests).toEqual([]);
      expect(await analyticsCookies(page)).toEqual([]);
      expect(await dataLayerEvents(page)).toEqual([]);

      await banner.getByRole('button', { name: 'Accept analytics' }).click();
      await expect(banner).toBeHidden();
      await expect
        .poll(() => requests.some((url) => url.includes(`gtag/js?id=${E2E_MEASUREMENT_ID}`)))
        .toBe(true);
      await expect.poll(() => pageViewPaths(page)).toEqual([path]);

      // The stored yes applies on the next load: no banner, one page view at once.
      await gotoHydrated(page, path);
      await expect(banner).toBeHidden();
      await expect.poll(() => pageViewPaths(page)).toEqual([path]);
    });

    test(`${path}: a refusal sends nothing, here and on the next page`, async ({ page }) => {
      const requests = await interceptGoogle(page);
      await gotoHydrated(page, path);
      await page.getByRole('button', { name: 'Decline' }).click();
      await expect(page.getByRole('region', { name: 'Analytics consent' })).toBeHidden();

      const next = path === '/pricing' ? '/' : '/pricing';
      await gotoHydrated(page, next);
      await expect(page.getByRole('region', { name: 'Analytics consent' })).toBeHidden();
      await page.waitForLoadState('networkidle');
      expect(requests).toEqual([]);
      expect(await analyticsCookies(page)).toEqual([]);
      expect(await dataLayerEvents(page)).toEqual([]);
    });
  }
});

test('the privacy page without React reopens the banner and withdraws consent', async ({
  page,
}) => {
  const requests = await interceptGoogle(page);
  await gotoHydrated(page, '/privacy');
  await page.getByRole('button', { name: 'Accept analytics' }).click();
  await expect.poll(() => requests.length).toBeGreaterThan(0);
  await page.context().addCookies([{ name: '_ga', value: 'GA1.1.1.1', url: page.url() }]);

  const settings = page.getByTestId('consent-settings');
  await settings.click();
  const banner = page.getByRole('region', { name: 'Analytics consent' });
  await expect(banner).toBeVisible();
  await expect(banner).toBeFocused();
  await expect(banner).toContainText('You currently allow analytics.');
  await banner.getByRole('button', { name: 'Decline' }).click();
  await expect(banner).toBeHidden();
  await expect(settings).toBeFocused();
  expect(await analyticsCookies(page)).toEqual([]);

  await settings.click();
  await expect(banner).toContainText('You currently decline analytics.');
  await page.keyboard.press('Escape');
  await expect(banner).toBeHidden();
});

test('a page without React records a call to action’s click after consent', async ({ page }) => {
  await interceptGoogle(page);
  await gotoHydrated(page, '/pricing');
  const cta = page.locator('main a[data-track-label]').first();
  const label = await cta.getAttribute('data-track-label');
  const href = await cta.getAttribute('href');
  // Stay on the page to read the dataLayer.
  await page.evaluate(() => document.addEventListener('click', (event) => event.preventDefault()));

  await cta.click();
  expect(await dataLayerEvents(page)).toEqual([]);

  await page.getByRole('button', { name: 'Accept analytics' }).click();
  await cta.click();
  const clicks = await page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])
      .map((entry) => Array.from(entry as ArrayLike<unknown>))
      .filter((args) => args[0] === 'event' && args[1] === 'click')
      .map((args) => args[2]),
  );
  expect(clicks).toEqual([{ event_category: 'engagement', event_label: label, destination: href }]);
});

// A page for people holds a signed link and an address in its URL: never measured, whatever the
// visitor chose on the rest of the site.
test.describe('pages for people', () => {
  // The invalid link's page answers 400, which the browser logs.
  test.use({ allowConsoleErrors: /400 \(Bad Request\)/ });

  test('a page reached from a mail sends nothing to Google, even after consent', async ({
    page,
  }) => {
    const requests = await interceptGoogle(page);
    await gotoHydrated(page, '/');
    await page.getByRole('button', { name: 'Accept analytics' }).click();
    await expect
      .poll(() => requests.some((url) => url.includes(`gtag/js?id=${E2E_MEASUREMENT_ID}`)))
      .toBe(true);
    requests.length = 0;

    await page.goto('/api/unsubscribe?address=sam%40example.com&token=forged');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'This unsubscribe link is not valid',
    );
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Analytics consent' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Go to the ReelScore home page' }).hover();
    expect(requests).toEqual([]);
    expect(await dataLayerEvents(page)).toEqual([]);
  });
});
