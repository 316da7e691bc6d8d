import type { AuditResponse } from '../src/contract/admin-insights.ts';
import { addDialog, openView, searchBox, signupsPanel } from './support/admin.ts';
import { numberedEmails, seedSignups } from './support/admin-data.ts';
import { expect, test } from './support/admin-fixtures.ts';
import { caughtMailTo } from './support/database.ts';

const INVITATION_SUBJECT = 'You’re in: your ReelScore early access is ready';

/**
 * The add dialog's send lets the person in on the server, with the mail: whatever the admin
 * does after it, the row and the database agree with the mail the person got.
 */
test('an admin sends the invitation from the add dialog, then cancels: the row reads whitelisted and the mail went out once', async ({
  signedIn: page,
}) => {
  const [email] = numberedEmails(`invite${Date.now()}-`, 1) as [string];
  seedSignups([{ email }]);
  const whitelistCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/admin/whitelist/')) whitelistCalls.push(request.url());
  });

  await searchBox(page).fill(email);
  const row = signupsPanel(page).getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Not Whitelisted');
  await row.getByRole('button', { name: `Add ${email} to the whitelist` }).click();
  const dialog = addDialog(page);
  await dialog.getByRole('button', { name: 'Send Early Access Email & Add to Whitelist' }).click();
  await expect(dialog.getByText('Early access email sent successfully!')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Complete - Add to Whitelist' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Whitelisted');
  await expect(row).not.toContainText('Not Whitelisted');
  // Focus rests on the confirmation, never on the row's new Remove button.
  const notice = page.getByTestId('whitelist-notice');
  await expect(notice).toContainText(`Added ${email} to the whitelist; the invitation is sent.`);
  await expect(notice).toBeFocused();
  expect(whitelistCalls).toEqual([]);

  // The server agrees after a reload, and the person got exactly one invitation.
  await page.reload();
  await searchBox(page).fill(email);
  await expect(row).toContainText('Whitelisted');
  await expect(row).not.toContainText('Not Whitelisted');
  await expect
    .poll(() => caughtMailTo(email).map((mail) => mail.subject))
    .toEqual([INVITATION_SUBJECT]);

  // One audit entry for the whole outcome, shown as such.
  const audit = await page.request.get(`/api/admin/audit?target=${encodeURIComponent(email)}`);
  const { entries } = (await audit.json()) as AuditResponse;
  expect(entries.map((entry) => entry.action)).toEqual(['whitelist.invite']);
  await openView(page, 'Audit log');
  const section = page.locator('section[aria-labelledby="audit-heading"]');
  await section.getByLabel('Address').fill(email);
  const entry = section.getByRole('row').filter({ hasText: email });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Whitelisted and invited');

  // Nothing more arrives later: the dialog made no second call.
  await page.waitForTimeout(500);
  expect(caughtMailTo(email)).toHaveLength(1);
  expect(whitelistCalls).toEqual([]);
});
