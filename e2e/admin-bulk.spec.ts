import type { Page } from '@playwright/test';
import { axeViolations, searchBox, signupsPanel } from './support/admin.ts';
import { numberedEmails, seedSignups } from './support/admin-data.ts';
import { expect, test } from './support/admin-fixtures.ts';
import { atEachWidth, controlsCoveredBy } from './support/screens.ts';

// The refused confirmation below answers 409, which the browser logs.
test.use({ allowConsoleErrors: /409 \(Conflict\)/ });

/** A call of the admin API from the signed-in page, as the dashboard makes it. */
function post(page: Page, path: string, body: unknown) {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    { path, body },
  );
}

// Through the API: the lists' row selection has no bulk action on screen yet.
test('an admin adds "all matching" signups to the whitelist after confirming the exact count; a stale count is refused', async ({
  signedIn: page,
}) => {
  const prefix = `bulk${Date.now()}-`;
  const confirmedAt = new Date('2024-01-02T00:00:00Z');
  const confirmed = numberedEmails(`${prefix}c`, 12);
  const pending = numberedEmails(`${prefix}p`, 3);
  seedSignups([
    ...confirmed.map((email) => ({ email, confirmedAt })),
    ...pending.map((email) => ({ email })),
  ]);
  const selection = { matching: { search: prefix, confirmation: 'confirmed' } };

  const preview = await post(page, '/api/admin/whitelist/bulk/preview', {
    action: 'add',
    selection,
  });
  expect(preview).toEqual({
    status: 200,
    body: { count: 12, changes: 12, sample: confirmed.slice(0, 10) },
  });
  const stale = await post(page, '/api/admin/whitelist/bulk', {
    action: 'add',
    selection,
    expectedCount: 11,
  });
  expect(stale.status).toBe(409);
  const done = await post(page, '/api/admin/whitelist/bulk', {
    action: 'add',
    selection,
    expectedCount: 12,
  });
  expect(done).toEqual({ status: 200, body: { count: 12, changed: 12, wave: null } });

  // The list shows each of them whitelisted, and the pending ones not.
  await searchBox(page).fill(prefix);
  const panel = signupsPanel(page);
  await expect(panel.getByRole('heading', { level: 2 })).toContainText('of 15 matching');
  for (const email of [confirmed[11]!, pending[0]!]) {
    const row = panel.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText(email === pending[0] ? 'Not Whitelisted' : 'Whitelisted');
  }
});

test('the bulk dialog asks with one number, the exact one that changes, and the notice after it says that number and covers nothing', async ({
  signedIn: page,
}) => {
  // Six axe runs over the whole dashboard take long on a busy machine.
  test.setTimeout(120_000);
  const prefix = `bulk-one${Date.now()}-`;
  const emails = numberedEmails(prefix, 5);
  // Two of the five are on the whitelist already: adding all five changes three.
  seedSignups(emails.map((email, index) => ({ email, whitelisted: index < 2 })));
  await searchBox(page).fill(prefix);
  const panel = signupsPanel(page);
  await expect(panel.getByRole('heading', { level: 2 })).toContainText('5 of 5 matching');
  await panel.getByRole('checkbox', { name: 'Select every signup on this page' }).check();
  const bar = panel.getByRole('region', { name: 'Selected signups' });
  await expect(bar).toContainText('5 selected');
  await bar.getByRole('button', { name: 'Add to whitelist' }).click();

  const dialog = page.getByRole('dialog', { name: 'Add 3 addresses to the whitelist?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(
    'The rest of the selection is already on the whitelist and stays as it is.',
  );
  await expect(dialog.getByRole('button', { name: 'Add 3 addresses' })).toBeVisible();
  // One number: the count of the selection is never asked about beside it.
  await expect(dialog).not.toContainText(/\b5\b/);
  await atEachWidth(page, 'bulk-dialog', dialog, async (width) => {
    expect(await axeViolations(page), `${width} px`).toEqual([]);
  });

  await dialog.getByLabel('Send the early-access invitation to those added').uncheck();
  await dialog.getByRole('button', { name: 'Add 3 addresses' }).click();
  await expect(dialog).toBeHidden();
  const notice = page.getByTestId('whitelist-notice');
  await expect(notice).toHaveText(/Added 3 addresses to the whitelist\./);
  await atEachWidth(page, 'bulk-notice', notice, async (width) => {
    expect(await controlsCoveredBy(notice), `${width} px`).toEqual([]);
    expect(await axeViolations(page), `${width} px`).toEqual([]);
  });
  for (const email of emails) {
    await expect(panel.getByRole('row').filter({ hasText: email })).not.toContainText(
      'Not Whitelisted',
    );
  }
});
