import {
  addDialog,
  errorBanner,
  expectDashboard,
  openDashboard,
  openFirstPreview,
  searchBox,
  signIn,
} from './support/admin.ts';
import { numberedEmails, seedSignups } from './support/admin-data.ts';
import { expect, test } from './support/admin-fixtures.ts';
import { uniqueEmail } from './support/database.ts';
import { collectGoogleAnalytics, type CollectedEvent } from './support/google-analytics.ts';

// Signed out the session answers 401; the injected failures answer 500 and 502. Playwright's
// helpers try to run in the sandboxed preview frame, which refuses them, as it must.
test.use({
  allowConsoleErrors:
    /401 \(Unauthorized\)|50[02] \((Internal|Bad)|Blocked script execution in 'about:srcdoc'/,
});

const anyNumber = expect.stringMatching(/^\d+$/) as unknown as string;

function adminEvent(name: string, label?: string): CollectedEvent {
  return {
    name,
    params: { event_category: 'admin', ...(label === undefined ? {} : { event_label: label }) },
  };
}

function apiCall(label: string, status: number): CollectedEvent {
  return {
    name: 'api_call',
    params: {
      event_category: 'technical',
      event_label: label,
      value: anyNumber,
      status: String(status),
    },
  };
}

test('with consent, every admin event of the spec reaches Google Analytics, without addresses', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const google = await collectGoogleAnalytics(page);
  const events = google.events;
  const expectEvents = (expected: CollectedEvent[]) =>
    expect.poll(() => events).toEqual(expect.arrayContaining(expected));

  const [email] = numberedEmails(`analytics${Date.now()}-`, 1) as [string];
  seedSignups([{ email }]);

  // Page view.
  await openDashboard(page, { consent: 'accept' });
  await expectEvents([
    {
      name: 'page_view',
      params: expect.objectContaining({
        page_path: '/admin',
        page_title: 'Admin Dashboard - ReelScore',
      }),
    },
  ]);

  // Sign-in and the first fetch.
  await signIn(page);
  await expectDashboard(page);
  await expectEvents([
    adminEvent('admin_sign_in', 'popup'),
    apiCall('admin_session', 200),
    apiCall('admin_fetch_signups', 200),
  ]);

  // Whitelist add with the email: send (which whitelists on the server), success; then remove.
  await searchBox(page).fill(email);
  const row = page.getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: `Add ${email} to the whitelist` }).click();
  const dialog = addDialog(page);
  await dialog.getByRole('button', { name: 'Send Early Access Email & Add to Whitelist' }).click();
  await dialog.getByRole('button', { name: 'Complete - Add to Whitelist' }).click();
  await expect(row).not.toContainText('Not Whitelisted');
  await row.getByRole('button', { name: `Remove ${email} from the whitelist` }).click();
  await expect(row).toContainText('Not Whitelisted');
  await expectEvents([
    adminEvent('early_access_email_send'),
    apiCall('admin_early_access_email', 200),
    adminEvent('early_access_email_success'),
    adminEvent('whitelist_add', 'invitation'),
    adminEvent('whitelist_remove'),
    apiCall('admin_whitelist_remove', 200),
  ]);

  // A failed email send, then skip.
  await page.route('**/api/email/early-access', (route) =>
    route.fulfill({ status: 502, json: { success: false, message: 'Refused' } }),
  );
  await row.getByRole('button', { name: `Add ${email} to the whitelist` }).click();
  await dialog.getByRole('button', { name: 'Send Early Access Email & Add to Whitelist' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Refused');
  await dialog.getByRole('button', { name: 'Skip Email & Add to Whitelist Only' }).click();
  await expect(row).not.toContainText('Not Whitelisted');
  await expectEvents([
    adminEvent('early_access_email_error'),
    adminEvent('early_access_email_skip'),
  ]);

  // A failed list fetch.
  await page.route('**/api/admin/users*', (route) =>
    route.fulfill({ status: 500, json: { message: 'The database is not answering' } }),
  );
  await page.getByRole('tab', { name: 'User Management' }).click();
  await expect(errorBanner(page)).toBeVisible();
  await expectEvents([
    apiCall('admin_fetch_users', 500),
    adminEvent('admin_error', 'The database is not answering'),
  ]);

  // Email Testing: templates, select, send (success and failure), preview.
  await page.getByRole('tab', { name: 'Email Testing' }).click();
  const template = page.getByLabel('Template', { exact: true });
  // The tab fills the list once the templates have loaded.
  await expect(template.locator('option').first()).toBeAttached();
  const ids = await template
    .locator('option')
    .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  const chosen = ids.at(-1)!;
  await template.selectOption(chosen);
  await page.getByLabel('Test email address').fill(uniqueEmail('admin-analytics'));
  await page.getByRole('button', { name: 'Send Test Email' }).click();
  await expect(page.getByText('Email Sent Successfully!')).toBeVisible();
  await page.route('**/api/email/test', (route) =>
    route.fulfill({ status: 502, json: { success: false, message: 'Refused' } }),
  );
  await page.getByRole('button', { name: 'Send Test Email' }).click();
  await expect(page.getByText('Email Failed to Send')).toBeVisible();
  await openFirstPreview(page);
  await expectEvents([
    apiCall('admin_fetch_email_templates', 200),
    adminEvent('email_template_select', chosen),
    adminEvent('test_email_send', chosen),
    apiCall('admin_test_email', 200),
    adminEvent('test_email_success', chosen),
    apiCall('admin_test_email', 502),
    adminEvent('test_email_error', chosen),
    adminEvent('email_template_preview', ids[0]),
    apiCall('admin_fetch_template_preview', 200),
  ]);

  // Sign out.
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expectEvents([adminEvent('admin_sign_out'), apiCall('admin_logout', 204)]);

  // Addresses never leave for Google.
  expect(JSON.stringify(events)).not.toContain('@');
});

test('with consent refused, no admin action sends anything to Google', async ({ page }) => {
  const google = await collectGoogleAnalytics(page);
  await openDashboard(page, { consent: 'decline' });
  await signIn(page);
  await expectDashboard(page);
  await searchBox(page).fill('example.com');
  await page.getByRole('tab', { name: 'User Management' }).click();
  await expect(page.getByText('Loading users...')).toBeHidden();
  await page.getByRole('tab', { name: 'Email Testing' }).click();
  const template = page.getByLabel('Template', { exact: true });
  await template.selectOption({ index: 1 });
  await openFirstPreview(page);
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();

  expect(google.requests).toEqual([]);
  expect(
    await page.evaluate(() =>
      ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])
        .map((entry) => Array.from(entry as ArrayLike<unknown>))
        .filter((args) => args[0] === 'event'),
    ),
  ).toEqual([]);
  expect(
    (await page.context().cookies()).filter((cookie) => cookie.name.startsWith('_ga')),
  ).toEqual([]);
});
