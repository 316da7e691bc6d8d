import type { Page } from '@playwright/test';
import { axeViolations, expectDashboard, openView, type AdminViewName } from './support/admin.ts';
import { seedSignups } from './support/admin-data.ts';
import { expect, test } from './support/admin-fixtures.ts';
import { gotoHydrated } from './support/fixtures.ts';
import { atEachWidth } from './support/screens.ts';

/**
 * A tool in a view of its own shows what it holds as the view opens: nothing in it waits
 * behind a disclosure to be opened first.
 */

const TOOLS: readonly { name: AdminViewName; id: string }[] = [
  { name: 'Invite waves', id: 'waves' },
  { name: 'Funnel', id: 'funnel' },
  { name: 'Referrals', id: 'referrals' },
  { name: 'Audit log', id: 'audit' },
  { name: 'Privacy requests', id: 'privacy' },
  { name: 'Integrations', id: 'integrations' },
  { name: 'Mail queue', id: 'mail' },
];

/** The open view's panel. */
function panel(page: Page) {
  return page.getByRole('tabpanel');
}

test('the audit log shows its newest entries, with its filters, as its view opens', async ({
  signedIn: page,
}) => {
  const email = `audit-open-${Date.now()}@example.com`;
  seedSignups([{ email }]);
  // A change the dashboard's own page makes (its origin is the server's), as a row's Add does.
  const status = await page.evaluate(async (address) => {
    const answer = await fetch('/api/admin/whitelist/add', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: address }),
    });
    return answer.status;
  }, email);
  expect(status).toBe(200);

  await gotoHydrated(page, '/admin?tab=audit');
  await expectDashboard(page);
  const log = panel(page);
  const entry = log.getByRole('row').filter({ hasText: email });
  await atEachWidth(page, 'audit-open', log, async (width) => {
    await expect(log.getByRole('heading', { level: 2, name: 'Audit log' })).toBeVisible();
    await expect(log.getByLabel('Admin')).toBeVisible();
    await expect(log.getByLabel('Address')).toBeVisible();
    // The newest entry comes first, no click away.
    await expect(entry).toBeVisible();
    await expect(log.locator('tbody tr').first()).toContainText(email);
    await expect(entry).toContainText('Added to whitelist');
    await expect(log.getByRole('button', { name: /audit log/i })).toHaveCount(0);
    expect(await axeViolations(page), `axe at ${width} px`).toEqual([]);
  });

  // Opened by its tab from another view, the same.
  await openView(page, 'Signups');
  await openView(page, 'Audit log');
  await expect(entry).toBeVisible();
});

test('no tool view opens with a part folded away', async ({ signedIn: page }) => {
  for (const tool of TOOLS) {
    await openView(page, tool.name);
    await expect(panel(page).getByText(/^Loading/)).toHaveCount(0);
    // A control that unfolds a part says aria-expanded="false" while the part is folded.
    await expect(panel(page).locator('[aria-expanded="false"]'), tool.name).toHaveCount(0);
  }
});
