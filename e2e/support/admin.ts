import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, gotoHydrated } from './fixtures.ts';

/** The allow-listed address of the e2e server (its default ADMIN_EMAILS). */
export const ADMIN_EMAIL = 'admin@reelscore.local';
export const ACCESS_DENIED = 'Access denied. You are not authorized to access the admin panel.';
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/**
 * Opens /admin signed out and answers the analytics question first, so its banner covers
 * nothing. `origin` opens another instance of the service instead of the default one.
 */
export async function openDashboard(
  page: Page,
  { consent = 'decline', origin = '' }: { consent?: 'accept' | 'decline'; origin?: string } = {},
) {
  await gotoHydrated(page, `${origin}/admin`);
  await page
    .getByRole('button', { name: consent === 'accept' ? 'Accept analytics' : 'Decline' })
    .click();
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
}

/**
 * Signs in through the real popup against the embedded OpenID Connect provider. A browser the
 * provider already knows is signed in again without its form, as with Google.
 */
export async function signIn(page: Page, email = ADMIN_EMAIL) {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign In with Google' }).click();
  const popup = await popupOpened;
  const closed = popup.waitForEvent('close').then(() => 'closed' as const);
  const form = popup
    .getByLabel('Email')
    .waitFor()
    .then(
      () => 'form' as const,
      () => 'closed' as const,
    );
  if ((await Promise.race([form, closed])) === 'form') {
    await popup.getByLabel('Email').fill(email);
    await popup.getByLabel('Display name').fill('Local Admin');
    await popup.getByRole('button', { name: 'Continue' }).click();
  }
  await expect.poll(() => popup.isClosed()).toBe(true);
}

/** The signed-in dashboard, its lists loaded. */
export async function expectDashboard(page: Page) {
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

/** A visitor signs up with the hero form at the top of the home page. */
export async function signUpOnHome(page: Page, email: string, origin = '') {
  await gotoHydrated(page, `${origin}/`);
  const form = page.locator('[data-testid="signup"][data-signup-type="hero-top"]');
  await form.getByLabel('Email address').fill(email);
  await form.getByTestId('signup-submit').click();
  await expect(form.getByText('Thanks for signing up!')).toBeVisible();
}

/** The dashboard's views, named as their tabs in the "Admin sections" tablist name them. */
export type AdminViewName =
  | 'Signups'
  | 'User Management'
  | 'Email Testing'
  | 'Invite waves'
  | 'Funnel'
  | 'Referrals'
  | 'Audit log'
  | 'Privacy requests'
  | 'Integrations'
  | 'Mail queue';

export function viewTab(page: Page, name: AdminViewName) {
  return page
    .getByRole('tablist', { name: 'Admin sections' })
    .getByRole('tab', { name, exact: true });
}

/** Opens a view with one click on its tab, as an operator would, and waits until it is shown. */
export async function openView(page: Page, name: AdminViewName) {
  const tab = viewTab(page, name);
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

export function signupsPanel(page: Page) {
  return page.getByRole('tabpanel', { name: /Signups/ });
}

export function usersPanel(page: Page) {
  return page.getByRole('tabpanel', { name: /Users/ });
}

export function searchBox(page: Page) {
  return page.getByPlaceholder('Search by email...');
}

/** The dashboard's dismissible error banner (the sign-in panel's alert has no 'Error' title). */
export function errorBanner(page: Page) {
  return page.getByRole('alert').filter({ has: page.getByText('Error', { exact: true }) });
}

export function addDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Add to Whitelist' });
}

/** Subjects of the mail the local catcher received for an address, asked as the signed-in admin. */
/** Opens the preview of the first template card and waits for it. */
export async function openFirstPreview(page: Page) {
  await page
    .getByRole('article')
    .first()
    .getByRole('button', { name: /^Show preview of/ })
    .click();
  await expect(page.getByText('Sample data used')).toBeVisible();
}

export async function mailboxSubjectsTo(page: Page, address: string): Promise<string[]> {
  return page.evaluate(async (to) => {
    const response = await fetch('/api/email/mailbox');
    const body = (await response.json()) as { messages: { to: string; subject: string }[] };
    return body.messages.filter((message) => message.to.includes(to)).map((m) => m.subject);
  }, address);
}

/**
 * axe-core over the page with the WCAG 2.1 A/AA and best-practice rules. The template preview
 * frames are left out: sandboxed without scripts, they refuse axe (and hold up its run), and
 * what they show is an email, not the dashboard.
 */
export async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .exclude('iframe[title^="Preview of"]')
    .analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    nodes: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
  }));
}

/** Holds matching requests until `release()`: a way to see a loading state. */
export async function holdRequests(page: Page, url: string | RegExp) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((done) => (release = done));
  await page.route(url, async (route) => {
    await held;
    await route.fallback();
  });
  return { release };
}

export async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user would; fails if it is
 * not reached within `limit` presses.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { backwards = false, limit = 40 }: { backwards?: boolean; limit?: number } = {},
) {
  for (let presses = 0; presses < limit; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  if (await isFocused(target)) return;
  throw new Error(`${String(target)} not reached with ${limit} presses of Tab`);
}

/** The focused element shows a focus ring: it matches :focus-visible and draws an outline. */
export async function expectFocusRing(page: Page) {
  const ring = await page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return { focused: 'body' };
    const style = getComputedStyle(element);
    return {
      focused: element.tagName.toLowerCase(),
      focusVisible: element.matches(':focus-visible'),
      drawn:
        (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 1) ||
        style.boxShadow !== 'none',
    };
  });
  expect(ring, 'focus ring on the focused element').toEqual({
    focused: expect.not.stringMatching(/^body$/) as unknown,
    focusVisible: true,
    drawn: true,
  });
}
