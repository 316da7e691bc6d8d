import {
  ACCESS_DENIED,
  ADMIN_EMAIL,
  addDialog,
  mailboxSubjectsTo,
  openDashboard,
  searchBox,
  signIn,
  signUpOnHome,
  signupsPanel,
  usersPanel,
} from './support/admin.ts';
import { expect, test } from './support/admin-fixtures.ts';
import { signupRows, uniqueEmail } from './support/database.ts';
import { gotoHydrated } from './support/fixtures.ts';

const INVITATION_SUBJECT = 'You’re in: your ReelScore early access is ready';
/** The signup's own confirmation mail, sent by the outbox whenever it gets to it. */
const CONFIRMATION_SUBJECT = 'Confirm your place on the ReelScore waitlist';

test.describe('the whole journey', () => {
  // Playwright's own helpers try to run in every frame; the preview frame refuses them, as it
  // must (sandbox without scripts), and Chromium logs that refusal.
  test.use({
    allowConsoleErrors: /401 \(Unauthorized\)|Blocked script execution in 'about:srcdoc'/,
  });

  test('a visitor signs up on the home page; an admin whitelists them with the invitation, tests every template and signs out', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const email = uniqueEmail('admin-journey');
    await signUpOnHome(page, email);
    expect(signupRows(email)).toEqual([{ email, source: 'hero-top', program: 'CLOSED_ALPHA' }]);

    await openDashboard(page);
    await expect(
      page.getByText('You must be authenticated as an admin to access this page.'),
    ).toBeVisible();
    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByText('Management Portal')).toBeVisible();
    await expect(page.getByText(ADMIN_EMAIL, { exact: true })).toBeVisible();
    await expect(page.getByTestId('admin-avatar-fallback')).toHaveText('LA');
    await expect(page.getByRole('tab', { name: 'Signups' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    // Find the address by search.
    await searchBox(page).fill(email);
    const signups = signupsPanel(page);
    await expect(signups.getByRole('heading', { level: 2 })).toHaveText(
      `Signups(1 of 1 matching "${email}")`,
    );
    const signupRow = signups.getByRole('row').filter({ hasText: email });
    await expect(signupRow).toContainText('CLOSED ALPHA');
    await expect(signupRow).toContainText('Pending');
    await expect(signupRow).toContainText('Not Whitelisted');

    // Add it with the early-access email, which arrives at the local SMTP catcher.
    await signupRow.getByRole('button', { name: 'Add', exact: false }).click();
    const dialog = addDialog(page);
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
    const subjects = await mailboxSubjectsTo(page, email);
    expect(subjects.filter((subject) => subject !== CONFIRMATION_SUBJECT)).toEqual([
      INVITATION_SUBJECT,
    ]);

    // The other list shows the same flag; remove it there, without confirmation.
    await page.getByRole('tab', { name: 'User Management' }).click();
    const userRow = usersPanel(page).getByRole('row').filter({ hasText: email });
    await expect(userRow).toContainText('Whitelisted');
    await expect(userRow).not.toContainText('Not Whitelisted');
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
      await expect(result).toContainText(`Email sent to ${testAddress}.`);
      await expect(result).toContainText('Message ID:');
    }
    await expect.poll(() => mailboxSubjectsTo(page, testAddress)).toHaveLength(templateIds.length);

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
  await expect(page.getByRole('alert')).toHaveText(
    `visitor@example.com is not allowed to use the admin dashboard.${ACCESS_DENIED}`,
  );
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

test('public pages never download the dashboard code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const response = await gotoHydrated(page, '/');
  const html = (await response?.text()) ?? '';
  const preloads = [...html.matchAll(/rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
  expect(preloads.filter((href) => href?.includes('/admin-'))).toEqual([]);
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((path) => path.includes('/admin-'))).toEqual([]);

  // /admin itself is served the client-rendered page with status 200, not the 404 page.
  const admin = await page.goto('/admin');
  expect(admin?.status()).toBe(200);
  await expect(page.getByText(/Checking authentication...|Access Denied/).first()).toBeVisible();
});
