import type { Page } from '@playwright/test';
import {
  ACCESS_DENIED,
  ADMIN_EMAIL,
  axeViolations,
  expectDashboard,
  openDashboard,
  signIn,
} from './support/admin.ts';
import { expect, gotoHydrated, test } from './support/fixtures.ts';
import { atEachWidth, keepShot, WIDTHS } from './support/screens.ts';

/**
 * The sign-in popup protocol the dashboard relies on: a 500x600 window runs the OpenID Connect
 * flow against the embedded provider, posts its result to the opener and closes itself.
 */
async function signInThroughPopup(page: Page, email: string) {
  await page.evaluate(() => {
    (window as unknown as { signInResult: unknown }).signInResult = null;
    window.addEventListener('message', (event) => {
      if (event.origin === window.location.origin) {
        (window as unknown as { signInResult: unknown }).signInResult = event.data;
      }
    });
  });
  const popupOpened = page.waitForEvent('popup');
  await page.evaluate(() =>
    window.open('/api/auth/login', 'reelscore-sign-in', 'width=500,height=600'),
  );
  const popup = await popupOpened;
  await popup.getByLabel('Email').fill(email);
  await popup.getByLabel('Display name').fill('Local Admin');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await page.waitForFunction(
    () => (window as unknown as { signInResult: unknown }).signInResult !== null,
  );
  await expect.poll(() => popup.isClosed()).toBe(true);
  return page.evaluate(() => (window as unknown as { signInResult: unknown }).signInResult);
}

// Asking for the session while signed out answers 401, which the browser logs.
test.use({ allowConsoleErrors: /401 \(Unauthorized\)/ });

test('an allow-listed admin signs in through the popup and the opener gets a session', async ({
  page,
}) => {
  await gotoHydrated(page, '/about');
  expect(await signInThroughPopup(page, 'admin@reelscore.local')).toEqual({
    source: 'reelscore-auth',
    ok: true,
  });

  const session = await page.evaluate(async () => {
    const response = await fetch('/api/auth/session');
    return { status: response.status, body: (await response.json()) as unknown };
  });
  expect(session).toEqual({
    status: 200,
    body: expect.objectContaining({
      email: 'admin@reelscore.local',
      displayName: 'Local Admin',
      isAdmin: true,
    }),
  });
  expect(await page.evaluate(() => document.cookie)).not.toContain('reelscore_session');

  const signedOut = await page.evaluate(async () => {
    await fetch('/api/auth/logout', { method: 'POST' });
    return (await fetch('/api/auth/session')).status;
  });
  expect(signedOut).toBe(401);
});

test('an address that is not an admin is told access is denied and gets no session', async ({
  page,
}) => {
  await gotoHydrated(page, '/about');
  expect(await signInThroughPopup(page, 'visitor@example.com')).toEqual({
    source: 'reelscore-auth',
    ok: false,
    error: 'Access denied. You are not authorized to access the admin panel.',
    account: 'visitor@example.com',
  });
  expect(await page.evaluate(async () => (await fetch('/api/auth/session')).status)).toBe(401);
});

test('the sign-in screen names a refused account, with the denial once, and offers to sign in with another', async ({
  page,
}) => {
  await openDashboard(page);
  await signIn(page, 'visitor@example.com');
  const denial = page.getByRole('alert');
  await expect(denial).toContainText(
    'visitor@example.com is not allowed to use the admin dashboard.',
  );
  await expect(denial).toContainText(ACCESS_DENIED);
  // The spec's texts stay; the refusal is said in one notice.
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(
    page.getByText('You must be authenticated as an admin to access this page.'),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(1);
  await expect(page.getByText('To continue, sign in with another account.')).toBeVisible();
  const signInButton = page.getByRole('button', { name: 'Sign In with Google' });
  await expect(signInButton).toBeEnabled();
  await atEachWidth(page, 'sign-in-refused', denial, async (width) => {
    await expect(signInButton, `${width} px`).toBeInViewport();
    expect(await axeViolations(page), `${width} px`).toEqual([]);
  });
});

for (const width of WIDTHS) {
  test(`at ${width} px a refused account is named, and signing in with another asks the provider who signs in`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await openDashboard(page);
    await signIn(page, 'visitor@example.com');
    const denial = page.getByRole('alert');
    await expect(denial).toContainText(
      'visitor@example.com is not allowed to use the admin dashboard.',
    );
    await expect(page.getByText('To continue, sign in with another account.')).toBeVisible();
    const signInButton = page.getByRole('button', { name: 'Sign In with Google' });
    await expect(signInButton).toBeInViewport();
    expect(await axeViolations(page)).toEqual([]);
    await keepShot(page, `sign-in-another-refused-${width}`);

    // Another account: the provider shows its sign-in page, rather than signing the refused
    // account in again.
    // The popup's first request, the sign-in start, asks the provider to let the person choose.
    const started = page
      .context()
      .waitForEvent('request', (request) => request.url().includes('/api/auth/login'));
    const popupOpened = page.waitForEvent('popup');
    await signInButton.click();
    expect(new URL((await started).url()).searchParams.get('prompt')).toBe('select_account');
    const popup = await popupOpened;
    await expect(popup.getByRole('heading', { name: 'Sign in to ReelScore' })).toBeVisible();
    await keepShot(popup, `sign-in-another-provider-${width}`);
    await popup.getByLabel('Email').fill(ADMIN_EMAIL);
    await popup.getByLabel('Display name').fill('Local Admin');
    await popup.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => popup.isClosed()).toBe(true);

    await expectDashboard(page);
    await expect(page.getByText(ADMIN_EMAIL).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toHaveCount(0);
    await keepShot(page, `sign-in-another-dashboard-${width}`);
  });
}
