import type { Page } from '@playwright/test';
import { E2E_MEASUREMENT_ID } from './support/environment.ts';
import { expect, gotoHydrated, test } from './support/fixtures.ts';

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
  await expect.poll(() => dataLayerEvents(page)).toContain('page_view');

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Pricing' })
    .click();
  await expect
    .poll(async () => (await dataLayerEvents(page)).filter((name) => name === 'page_view').length)
    .toBe(2);

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Try for Free' })
    .click();
  const signup = page.locator('[data-testid="signup"][data-signup-type="general"]');
  await signup.getByLabel('Email address').fill(`consented-${Date.now()}@example.com`);
  await signup.getByTestId('signup-submit').click();
  await expect(signup.getByText('Thanks for signing up!')).toBeVisible();
  await expect
    .poll(() => dataLayerEvents(page))
    .toEqual(expect.arrayContaining(['click', 'api_call', 'form_submit']));
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
