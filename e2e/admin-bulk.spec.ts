import type { Page } from '@playwright/test';
import { searchBox, signupsPanel } from './support/admin.ts';
import { numberedEmails, seedSignups } from './support/admin-data.ts';
import { expect, test } from './support/admin-fixtures.ts';

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
