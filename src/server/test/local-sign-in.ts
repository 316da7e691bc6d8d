import { expect } from 'vitest';
import type { Browser } from './listening-app.ts';

/**
 * Fills the embedded provider's sign-in page at `loginPage` as a person would, then follows its
 * answer as far as it redirects: to our callback (not requested), or to a page of the provider.
 */
export async function chooseLocalAccount(
  browser: Browser,
  loginPage: URL,
  email: string,
  name = 'Film Curator',
) {
  const page = await browser.request(loginPage.href);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Sign in to ReelScore');
  const submitted = await browser.request(loginPage.href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, name }).toString(),
  });
  return browser.follow(
    submitted.headers.get('location') ?? '',
    (next) => next.pathname === '/api/auth/callback',
  );
}
