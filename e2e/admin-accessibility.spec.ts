import {
  addDialog,
  axeViolations,
  errorBanner,
  holdRequests,
  openDashboard,
  searchBox,
  signIn,
  signupsPanel,
} from './support/admin.ts';
import { numberedEmails, seedSignups } from './support/admin-data.ts';
import { expect, test } from './support/admin-fixtures.ts';
import { gotoHydrated } from './support/fixtures.ts';

/** axe-core finds nothing to report on /admin in each of its states (WCAG 2.1 AA + best practice). */

// Signed out the session answers 401, a too-long search 400 and the failed sends 502; the
// browser logs each. The sandboxed preview frame refuses Playwright's scripts, and says so.
test.use({
  allowConsoleErrors:
    /40[01] \((Unauthorized|Bad Request)\)|502 \(Bad Gateway\)|Blocked script execution in 'about:srcdoc'/,
});

test('signed out: checking authentication, access denied, and a refused account', async ({
  page,
}) => {
  const session = await holdRequests(page, '**/api/auth/session');
  await gotoHydrated(page, '/admin');
  await expect(page.getByText('Checking authentication...')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  session.release();

  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await signIn(page, 'visitor@example.com');
  await expect(page.getByRole('alert')).toContainText('Access denied.');
  expect(await axeViolations(page)).toEqual([]);
});

test('signed in: loading, both lists, no results and the error banner', async ({ page }) => {
  // Six axe runs over the whole dashboard, with its panels and charts.
  test.setTimeout(120_000);
  await openDashboard(page);
  const signups = await holdRequests(page, '**/api/admin/signups*');
  await signIn(page);
  await expect(page.getByText('Loading signups...')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  signups.release();
  await page.unroute('**/api/admin/signups*');

  // A page of seeded rows with every badge colour, a registration and a pager.
  const prefix = `axe${Date.now()}-`;
  const emails = numberedEmails(prefix, 12);
  seedSignups(
    emails.map((email, index) => ({
      email,
      program: ['CLOSED_ALPHA', 'BETA', 'OPEN_BETA', 'FRIENDS'][index % 4],
      registeredAt: index % 3 === 0 ? new Date('2024-02-01T00:00:00Z') : undefined,
      whitelisted: index % 2 === 0,
    })),
  );
  await searchBox(page).fill(prefix);
  await expect(signupsPanel(page).getByRole('heading', { level: 2 })).toContainText('10 of 12');
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('tab', { name: 'User Management' }).click();
  await expect(page.getByRole('heading', { name: /^Users/ })).toContainText('12 of 12');
  expect(await axeViolations(page)).toEqual([]);

  await searchBox(page).fill(`${prefix}no-such-address`);
  await expect(page.getByText('No users match your search.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('tab', { name: 'Signups' }).click();
  await expect(page.getByText('No signups match your search.')).toBeVisible();
  // A search longer than the server accepts fails with its message in the banner.
  await searchBox(page).fill('x'.repeat(255));
  await expect(errorBanner(page)).toContainText('Search must be at most 254 characters');
  expect(await axeViolations(page)).toEqual([]);
});

test.describe('dialogs and the Email Testing tab', () => {
  test('the add dialog: initial, sending and failed', async ({ signedIn: page }) => {
    const prefix = `axe-dialog${Date.now()}-`;
    const [email] = numberedEmails(prefix, 1);
    seedSignups([{ email: email! }]);
    await searchBox(page).fill(prefix);
    await page.getByRole('button', { name: `Add ${email} to the whitelist` }).click();
    const dialog = addDialog(page);
    await expect(dialog).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    let answer: (body: object) => void = () => undefined;
    const answered = new Promise<object>((done) => (answer = done));
    await page.route('**/api/email/early-access', async (route) =>
      route.fulfill({ status: 502, json: await answered }),
    );
    await dialog
      .getByRole('button', { name: 'Send Early Access Email & Add to Whitelist' })
      .click();
    await expect(dialog.getByRole('button', { name: 'Sending Email...' })).toBeDisabled();
    expect(await axeViolations(page)).toEqual([]);

    answer({ success: false, message: 'The mail server refused the message' });
    await expect(dialog.getByRole('alert')).toHaveText('The mail server refused the message');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('Email Testing: loading, the form, a result and an open preview', async ({
    signedIn: page,
  }) => {
    const templates = await holdRequests(page, '**/api/email/templates');
    await page.getByRole('tab', { name: 'Email Testing' }).click();
    await expect(page.getByText('Loading email templates...')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    templates.release();

    await expect(page.getByLabel('Template', { exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // A failed send's result box, without sending mail.
    await page.route('**/api/email/test', (route) =>
      route.fulfill({ status: 502, json: { success: false, message: 'Refused', messageId: 'x' } }),
    );
    await page.getByLabel('Test email address').fill('axe@example.com');
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    await expect(page.getByText('Email Failed to Send')).toBeVisible();

    const card = page.getByRole('article').first();
    await card.getByRole('button', { name: /^Show preview of/ }).click();
    await expect(card.getByText('Sample data used')).toBeVisible();
    await expect(card.locator('iframe')).toHaveAttribute('title', /^Preview of /);
    expect(await axeViolations(page)).toEqual([]);
  });
});
