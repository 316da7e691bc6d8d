import type { Page } from '@playwright/test';
import {
  addDialog,
  axeViolations,
  errorBanner,
  expectDashboard,
  openDashboard,
  searchBox,
  signIn,
  signupsPanel,
  usersPanel,
} from './support/admin.ts';
import { numberedEmails, seedSignups } from './support/admin-data.ts';
import { expect, test } from './support/admin-fixtures.ts';
import { atEachWidth, controlsCoveredBy } from './support/screens.ts';

// Each failure below answers with an error status, which the browser logs.
test.use({
  allowConsoleErrors:
    /(40[0-4] \((Unauthorized|Bad Request|Not Found)\)|50[02] \((Internal Server Error|Bad Gateway)\)|net::ERR_(FAILED|CONNECTION_RESET))/,
});

/** One seeded, not yet whitelisted signup, found by search. */
async function findNewSignup(page: Page, label: string, sqlitePath?: string) {
  const [email] = numberedEmails(`${label}${Date.now()}-`, 1) as [string];
  seedSignups([{ email }], undefined, sqlitePath);
  await searchBox(page).fill(email);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Not Whitelisted');
  return { email, row };
}

test.describe('lists and whitelist changes', () => {
  test("a list the server refuses shows the server's message in a banner that can be dismissed", async ({
    signedIn: page,
  }) => {
    const { email, row } = await findNewSignup(page, 'refused-search');
    // The server accepts searches of at most 254 characters; the box does not stop a longer one.
    await searchBox(page).fill('x'.repeat(255));
    const banner = errorBanner(page);
    await expect(banner).toContainText('Search must be at most 254 characters');
    // Where the list would be: the failure with Retry, above the rows that loaded last.
    const failure = signupsPanel(page).getByTestId('list-failure');
    await expect(failure).toContainText('Signups could not be loaded');
    await expect(failure).toContainText('Search must be at most 254 characters');
    await expect(failure.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(row).toBeVisible();
    await expect(signupsPanel(page).getByText('No signups found')).toHaveCount(0);
    await banner.getByRole('button', { name: 'Dismiss error' }).click();
    await expect(banner).toBeHidden();

    // A good search loads again; the banner stays away.
    await searchBox(page).fill(email);
    await expect(row).toBeVisible();
    await expect(banner).toHaveCount(0);
    await expect(failure).toHaveCount(0);
  });

  test("answers without a message show the spec's fallback texts", async ({ signedIn: page }) => {
    const { email, row } = await findNewSignup(page, 'fallbacks');

    await page.route('**/api/admin/whitelist/add', (route) =>
      route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
    );
    await row.getByRole('button', { name: `Add ${email} to the whitelist` }).click();
    await addDialog(page)
      .getByRole('button', { name: 'Skip Email & Add to Whitelist Only' })
      .click();
    const banner = errorBanner(page);
    await expect(banner).toContainText('Failed to add user to whitelist');
    await expect(row).toContainText('Not Whitelisted');

    // Succeeding clears the banner.
    await page.unroute('**/api/admin/whitelist/add');
    await row.getByRole('button', { name: `Add ${email} to the whitelist` }).click();
    await addDialog(page)
      .getByRole('button', { name: 'Skip Email & Add to Whitelist Only' })
      .click();
    await expect(row).not.toContainText('Not Whitelisted');
    await expect(banner).toHaveCount(0);

    await page.route('**/api/admin/whitelist/remove', (route) => route.fulfill({ status: 500 }));
    await row.getByRole('button', { name: `Remove ${email} from the whitelist` }).click();
    await expect(banner).toContainText('Failed to remove user from whitelist');
    await expect(row).not.toContainText('Not Whitelisted');

    await page.route('**/api/admin/users*', (route) => route.abort('failed'));
    await page.getByRole('tab', { name: 'User Management' }).click();
    await expect(banner).toContainText('Failed to fetch users');
    await expect(usersPanel(page).getByRole('table')).toHaveCount(0);
    await expect(usersPanel(page).getByTestId('list-failure')).toContainText(
      'Failed to fetch users',
    );
    await expect(usersPanel(page).getByText('No users found')).toHaveCount(0);
  });
});

test.describe('a failed row change', () => {
  test('is said beside its row, naming the address, with Retry; the page keeps one banner, and nothing covers an action', async ({
    signedIn: page,
  }) => {
    // Three axe runs over the whole dashboard take long on a busy machine.
    test.setTimeout(120_000);
    const [email] = numberedEmails(`row-failure${Date.now()}-`, 1) as [string];
    seedSignups([{ email, whitelisted: true }]);
    await searchBox(page).fill(email);
    const row = signupsPanel(page).getByRole('row').filter({ hasText: email });
    await expect(row).not.toContainText('Not Whitelisted');

    await page.route('**/api/admin/whitelist/remove', (route) =>
      route.fulfill({ status: 500, json: { message: 'Internal Server Error' } }),
    );
    await row.getByRole('button', { name: `Remove ${email} from the whitelist` }).click();
    const notice = page.getByTestId('whitelist-notice');
    await expect(notice).toHaveAttribute('data-tone', 'failed');
    await expect(notice).toContainText(`Could not remove ${email} from the whitelist.`);
    // The server's words are in the page's one banner (spec section 8), not repeated here.
    await expect(errorBanner(page)).toContainText('Internal Server Error');
    await expect(notice).not.toContainText('Internal Server Error');
    await expect(page.getByRole('alert')).toHaveCount(1);
    await expect(row).not.toContainText('Not Whitelisted');
    // The notice sits under the row it concerns, in the list, not over it.
    expect(
      await notice.evaluate(
        (element) => element.closest('tr')?.previousElementSibling?.textContent,
      ),
    ).toContain(email);

    await atEachWidth(page, 'row-failure', notice, async (width) => {
      expect(await controlsCoveredBy(notice), `${width} px`).toEqual([]);
      expect(await axeViolations(page), `${width} px`).toEqual([]);
    });

    // Retry does what failed: the address comes off, and the banner goes.
    await page.unroute('**/api/admin/whitelist/remove');
    await notice.getByRole('button', { name: `Retry: remove ${email} from the whitelist` }).click();
    await expect(row).toContainText('Not Whitelisted');
    await expect(notice).toHaveAttribute('data-tone', 'done');
    await expect(notice).toContainText(`Removed ${email} from the whitelist.`);
    await expect(errorBanner(page)).toHaveCount(0);
  });
});

test.describe('Email Testing', () => {
  test("templates that fail to load show 'Failed to load email templates' instead of the tab", async ({
    signedIn: page,
  }) => {
    await page.route('**/api/email/templates', (route) =>
      route.fulfill({ status: 500, json: { message: 'Template store unavailable' } }),
    );
    await page.getByRole('tab', { name: 'Email Testing' }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to load email templates');
    await expect(page.getByLabel('Template', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send Test Email' })).toHaveCount(0);
  });

  test("a preview the server cannot render shows 'Failed to load preview'", async ({
    signedIn: page,
  }) => {
    // The real list plus a template the server does not have: its preview answers 404.
    await page.route('**/api/email/templates', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { templates: object[] };
      body.templates.push({
        id: 'retired-template',
        name: 'Retired template',
        subject: 'Gone',
        description: 'Deleted on the server since the list loaded.',
      });
      await route.fulfill({ response, json: body });
    });
    await page.getByRole('tab', { name: 'Email Testing' }).click();
    const card = page.getByRole('article').filter({ hasText: 'Retired template' });
    await card.getByRole('button', { name: 'Show preview of Retired template' }).click();
    await expect(card.getByRole('alert')).toHaveText('Failed to load preview');
    await expect(card.locator('iframe')).toHaveCount(0);
    // The dashboard itself carries on.
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  });

  test("a send with no answer says 'Unknown error occurred'; one without a message uses the fallback", async ({
    signedIn: page,
  }) => {
    await page.getByRole('tab', { name: 'Email Testing' }).click();
    await page.getByLabel('Test email address').fill('nobody@example.com');
    const send = page.getByRole('button', { name: 'Send Test Email' });
    const result = page.getByRole('status').filter({ hasText: /Email (Sent|Failed)/ });

    await page.route('**/api/email/test', (route) => route.abort('connectionreset'));
    await send.click();
    await expect(result).toContainText('Email Failed to Send');
    await expect(result).toContainText('Unknown error occurred');
    await expect(result).not.toContainText('Message ID');

    await page.unroute('**/api/email/test');
    await page.route('**/api/email/test', (route) =>
      route.fulfill({ status: 500, contentType: 'text/html', body: 'Internal Server Error' }),
    );
    await send.click();
    await expect(result).toContainText('Email Failed to Send');
    await expect(result).toContainText('Failed to send test email');
  });
});

test.describe('an SMTP server that refuses every recipient', () => {
  test('the invitation fails inside the dialog, which stays open and says the address is in; a test send reports the failure', async ({
    page,
    refusingMailDeployment,
  }) => {
    const { origin, adminEmail, sqlitePath } = refusingMailDeployment;
    await openDashboard(page, { origin });
    await signIn(page, adminEmail);
    await expectDashboard(page);
    const { email, row } = await findNewSignup(page, 'smtp-refused', sqlitePath);

    const add = row.getByRole('button', { name: `Add ${email} to the whitelist` });
    await add.click();
    const dialog = addDialog(page);
    await dialog
      .getByRole('button', { name: 'Send Early Access Email & Add to Whitelist' })
      .click();
    // The server whitelisted the address with the invitation, before the mail server refused.
    await expect(dialog.getByRole('alert')).toHaveText(
      `The mail server rejected the mail (550 No such user here). ${email} is on the whitelist, without the invitation.`,
    );
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Complete - Add to Whitelist' })).toHaveCount(
      0,
    );
    await expect(
      dialog.getByRole('button', { name: 'Send Early Access Email & Add to Whitelist' }),
    ).toBeEnabled();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).not.toContainText('Not Whitelisted');
    // Beside the row: what became of the address, with focus on it rather than on Remove.
    const notice = page.getByTestId('whitelist-notice');
    await expect(notice).toContainText(`Added ${email} to the whitelist, without the invitation.`);
    await expect(notice).toBeFocused();

    await page.getByRole('tab', { name: 'Email Testing' }).click();
    await page.getByLabel('Test email address').fill(email);
    await page.getByRole('button', { name: 'Send Test Email' }).click();
    const result = page.getByRole('status').filter({ hasText: 'Email Failed to Send' });
    await expect(result).toContainText(
      'The mail server rejected the mail (550 No such user here).',
    );
    await expect(result).toContainText('Message ID:');
    // Real SMTP is configured, so there is no local mailbox.
    await expect(page.getByRole('heading', { name: 'Local mailbox' })).toHaveCount(0);
  });
});
