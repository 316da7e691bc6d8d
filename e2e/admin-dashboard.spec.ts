import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { uniqueEmail } from './support/database.ts';
import { expect, gotoHydrated, test } from './support/fixtures.ts';

const ADMIN_EMAIL = 'admin@reelscore.local';
const ACCESS_DENIED = 'Access denied. You are not authorized to access the admin panel.';

// Asking for the session while signed out answers 401, which the browser logs.
test.use({ allowConsoleErrors: /401 \(Unauthorized\)/ });

async function openDashboard(page: Page) {
  await gotoHydrated(page, '/admin');
  // The analytics question is answered first, so its banner covers nothing.
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
}

/** Signs in through the real popup against the embedded OpenID Connect provider. */
async function signIn(page: Page, email = ADMIN_EMAIL) {
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign In with Google' }).click();
  const popup = await popupOpened;
  await popup.getByLabel('Email').fill(email);
  await popup.getByLabel('Display name').fill('Local Admin');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => popup.isClosed()).toBe(true);
}

async function signUp(page: Page, email: string) {
  await gotoHydrated(page, '/signup');
  const form = page.locator('[data-testid="signup"][data-signup-type="general"]');
  await form.getByLabel('Email address').fill(email);
  await form.getByTestId('signup-submit').click();
  await expect(form.getByText('Thanks for signing up!')).toBeVisible();
}

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    nodes: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
  }));
}

async function mailboxSubjectsTo(page: Page, address: string): Promise<string[]> {
  return page.evaluate(async (to) => {
    const response = await fetch('/api/email/mailbox');
    const body = (await response.json()) as { messages: { to: string; subject: string }[] };
    return body.messages.filter((message) => message.to.includes(to)).map((m) => m.subject);
  }, address);
}

test.describe('the whole journey', () => {
  // Playwright's own helpers try to run in every frame; the preview frame refuses them, as it
  // must (sandbox without scripts), and Chromium logs that refusal.
  test.use({
    allowConsoleErrors: /401 \(Unauthorized\)|Blocked script execution in 'about:srcdoc'/,
  });

  test('an admin whitelists a new signup with the invitation, tests every template and signs out', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const email = uniqueEmail('admin-journey');
    await signUp(page, email);

    await openDashboard(page);
    await expect(
      page.getByText('You must be authenticated as an admin to access this page.'),
    ).toBeVisible();
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByText('Management Portal')).toBeVisible();
    await expect(page.getByText(ADMIN_EMAIL)).toBeVisible();
    await expect(page.getByTestId('admin-avatar-fallback')).toHaveText('LA');
    await expect(page.getByRole('tab', { name: 'Signups' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    // Find the address by search.
    await page.getByPlaceholder('Search by email...').fill(email);
    const signups = page.getByRole('tabpanel', { name: /Signups/ });
    await expect(signups.getByRole('heading', { level: 2 })).toHaveText(
      `Signups(1 of 1 matching "${email}")`,
    );
    const signupRow = signups.getByRole('row').filter({ hasText: email });
    await expect(signupRow).toContainText('CLOSED ALPHA');
    await expect(signupRow).toContainText('Pending');
    await expect(signupRow).toContainText('Not Whitelisted');

    // Add it with the early-access email.
    await signupRow.getByRole('button', { name: 'Add', exact: false }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to Whitelist' });
    await expect(dialog).toContainText(email);
    await expect(dialog).toContainText('Send Early Access Email?');
    await dialog
      .getByRole('button', { name: 'Send Early Access Email & Add to Whitelist' })
      .click();
    await expect(dialog.getByText('Early access email sent successfully!')).toBeVisible();
    await dialog.getByRole('button', { name: 'Complete - Add to Whitelist' }).click();
    await expect(dialog).toBeHidden();
    await expect(signupRow).toContainText('Whitelisted');
    await expect(signupRow).not.toContainText('Not Whitelisted');
    await expect.poll(() => mailboxSubjectsTo(page, email)).toHaveLength(1);

    // The other list shows the same flag; remove it there, without confirmation.
    await page.getByRole('tab', { name: 'User Management' }).click();
    const users = page.getByRole('tabpanel', { name: /Users/ });
    const userRow = users.getByRole('row').filter({ hasText: email });
    await expect(userRow).toContainText('Whitelisted');
    await expect(userRow).toContainText('Not registered');
    await userRow.getByRole('button', { name: /^Remove/ }).click();
    await expect(userRow).toContainText('Not Whitelisted');
    await expect(userRow.getByRole('button', { name: /^Add to Whitelist/ })).toBeVisible();
    await page.getByRole('tab', { name: 'Signups' }).click();
    await expect(signups.getByRole('row').filter({ hasText: email })).toContainText(
      'Not Whitelisted',
    );

    // Send a test email of every template.
    await page.getByRole('tab', { name: 'Email Testing' }).click();
    const template = page.getByLabel('Template', { exact: true });
    await expect(template).toBeVisible();
    const send = page.getByRole('button', { name: 'Send Test Email' });
    await expect(send).toBeDisabled();
    await expect(
      page.getByText('Please enter an email address and select a template'),
    ).toBeVisible();
    const testAddress = uniqueEmail('admin-test-mail');
    await page.getByLabel('Test email address').fill(testAddress);
    const templateIds = await template
      .locator('option')
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(templateIds.length).toBeGreaterThan(0);
    for (const id of templateIds) {
      await template.selectOption(id);
      await send.click();
      const result = page.getByRole('status').filter({ hasText: 'Email Sent Successfully!' });
      await expect(result).toBeVisible();
      await expect(result).toContainText('Message ID:');
    }
    await expect.poll(() => mailboxSubjectsTo(page, testAddress)).toHaveLength(templateIds.length);
    await expect(page.getByRole('heading', { name: 'Local mailbox' })).toBeVisible();

    // Preview a template: loaded once into a sandboxed frame.
    const firstCard = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('article') })
      .first();
    const previewToggle = firstCard.getByRole('button', { name: /preview of/ });
    await previewToggle.click();
    await expect(firstCard.getByText('Sample data used')).toBeVisible();
    const frame = firstCard.locator('iframe');
    await expect(frame).toHaveAttribute('sandbox', '');
    // The frame runs no script, not even the test's: its source is checked instead.
    await expect(frame).toHaveAttribute('srcdoc', /<html[\s\S]*ReelScore/i);
    await previewToggle.click();
    await expect(frame).toBeHidden();

    // Sign out.
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
    expect(await page.evaluate(async () => (await fetch('/api/auth/session')).status)).toBe(401);
  });
});

test('an account that is not allow-listed sees the denial and no data', async ({ page }) => {
  const adminCalls: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/(admin|email)\//.test(request.url())) adminCalls.push(request.url());
  });
  await openDashboard(page);
  await signIn(page, 'visitor@example.com');
  await expect(page.getByRole('alert')).toHaveText(ACCESS_DENIED);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
  expect(adminCalls).toEqual([]);
});

test('a blocked or closed sign-in window says so and leaves the page signed out', async ({
  page,
}) => {
  await openDashboard(page);
  // A blocker makes window.open return null.
  await page.evaluate(() => {
    window.open = () => null;
  });
  await page.getByRole('button', { name: 'Sign In with Google' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'The sign-in window was blocked. Allow pop-ups for this site and try again.',
  );

  await gotoHydrated(page, '/admin');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign In with Google' }).click();
  await (await popupOpened).close();
  await expect(page.getByRole('alert')).toHaveText(
    'The sign-in window was closed before sign-in finished.',
  );
  await expect(page.getByRole('button', { name: 'Sign In with Google' })).toBeEnabled();
});

test('an expired session returns the dashboard to the sign-in state', async ({ page }) => {
  await openDashboard(page);
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  // The session ends on the server (as after the idle limit) while the page stays open.
  await page.evaluate(() => fetch('/api/auth/logout', { method: 'POST' }));
  await page.getByRole('tab', { name: 'User Management' }).click();
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Your session has ended. Please sign in again.');
});

test.describe('error paths', () => {
  test.use({ allowConsoleErrors: /(401 \(Unauthorized\)|500 \(Internal|502 \(Bad)/ });

  test('a failed list fetch shows the server message in a dismissible banner', async ({ page }) => {
    await openDashboard(page);
    await signIn(page);
    await page.route('**/api/admin/users*', (route) =>
      route.fulfill({ status: 500, json: { message: 'The database is not answering' } }),
    );
    await page.getByRole('tab', { name: 'User Management' }).click();
    const banner = page.getByRole('alert').filter({ hasText: 'Error' });
    await expect(banner).toContainText('The database is not answering');
    await banner.getByRole('button', { name: 'Dismiss error' }).click();
    await expect(banner).toBeHidden();
  });

  test('a failed invitation keeps the dialog open with the error', async ({ page }) => {
    const email = uniqueEmail('admin-mail-failure');
    await signUp(page, email);
    await openDashboard(page);
    await signIn(page);
    await page.route('**/api/email/early-access', (route) =>
      route.fulfill({ status: 502, json: { success: false, message: 'The mail server refused' } }),
    );
    await page.getByPlaceholder('Search by email...').fill(email);
    const row = page.getByRole('row').filter({ hasText: email });
    const add = row.getByRole('button', { name: /^Add/ });
    await add.click();
    const dialog = page.getByRole('dialog', { name: 'Add to Whitelist' });
    await dialog
      .getByRole('button', { name: 'Send Early Access Email & Add to Whitelist' })
      .click();
    await expect(dialog.getByRole('alert')).toHaveText('The mail server refused');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Focus returns to the row's button that opened the dialog.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-row-action')))
      .toBe(email);
    await expect(row).toContainText('Not Whitelisted');

    // Opening again starts fresh.
    await add.click();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Skip Email & Add to Whitelist Only' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).not.toContainText('Not Whitelisted');
  });
});

test('axe-core finds no violations signed out, signed in and on the Email Testing tab', async ({
  page,
}) => {
  await openDashboard(page);
  expect(await axeViolations(page)).toEqual([]);
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('Loading signups...')).toBeHidden();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('tab', { name: 'Email Testing' }).click();
  await expect(page.getByLabel('Template', { exact: true })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test('public pages never download the dashboard code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const response = await gotoHydrated(page, '/');
  const html = (await response?.text()) ?? '';
  const preloads = [...html.matchAll(/rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
  expect(preloads.length).toBeGreaterThan(0);
  expect(preloads.filter((href) => href?.includes('/admin-'))).toEqual([]);
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((path) => path.includes('/admin-'))).toEqual([]);

  // /admin itself is served the client-rendered page with status 200, not the 404 page.
  const admin = await page.goto('/admin');
  expect(admin?.status()).toBe(200);
  await expect(page.getByText(/Checking authentication...|Access Denied/).first()).toBeVisible();
});
