import type { Locator, Page } from '@playwright/test';
import {
  axeViolations,
  expectDashboard,
  openView,
  searchBox,
  signupsPanel,
  usersPanel,
} from './support/admin.ts';
import { numberedEmails, seedSignups, startAdminSession } from './support/admin-data.ts';
import { expect, test } from './support/admin-fixtures.ts';
import { gotoHydrated } from './support/fixtures.ts';
import { E2E_DEPLOYMENT_SETTINGS } from './support/environment.ts';
import { atEachWidth } from './support/screens.ts';
import { freePort, startServer } from './support/server-process.ts';

// axe over the whole dashboard takes long on a busy machine.
test.describe.configure({ timeout: 90_000 });

/** The addresses in a list's rows, top to bottom. */
function shownEmails(panel: Locator) {
  return panel.locator('tbody tr td:first-child').allTextContents();
}

/** Four signups of one search: two programmes, one whitelisted, one registered, two days. */
function seedFour(label: string) {
  const prefix = `${label}${Date.now()}-`;
  const [a, b, c, d] = numberedEmails(prefix, 4) as [string, string, string, string];
  seedSignups([
    { email: a, program: 'BETA' },
    { email: b, program: 'BETA', whitelisted: true },
    { email: c, program: 'CLOSED_ALPHA', registeredAt: new Date('2024-02-01T00:00:00Z') },
    { email: d, program: 'BETA' },
  ]);
  return { prefix, a, b, c, d };
}

async function openSignedIn(page: Page, path: string) {
  await startAdminSession(page.context(), {
    email: 'admin@reelscore.local',
    displayName: 'Local Admin',
  });
  await gotoHydrated(page, path);
  await page.getByRole('button', { name: 'Decline' }).click();
  await expectDashboard(page);
}

test('a URL with filters opens the list and the controls as it says; chips clear them and Back restores them', async ({
  page,
}) => {
  const { prefix, a, b, d } = seedFour('url');
  await openSignedIn(
    page,
    `/admin?q=${encodeURIComponent(prefix)}&type=BETA&whitelisted=false&sort=email&order=desc`,
  );

  const panel = signupsPanel(page);
  await expect(searchBox(page)).toHaveValue(prefix);
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(
    `Signups(2 of 2 matching "${prefix}")`,
  );
  await expect.poll(() => shownEmails(panel)).toEqual([d, a]);
  const chips = panel.getByRole('list', { name: 'Signups filters in use' });
  await expect(chips.getByRole('button', { name: /^Clear filter/ })).toHaveText([
    'Not whitelisted×',
    'Programme: BETA×',
    'Sorted: Address Z–A×',
  ]);
  await expect(panel.getByLabel('Signups order')).toHaveValue('email:desc');
  await panel.getByRole('button', { name: /^Filters/ }).click();
  const controls = panel.getByRole('group', { name: 'Signups filters' });
  await expect(controls.getByLabel('Whitelist')).toHaveValue('false');
  await expect(controls.getByLabel('Programme')).toHaveValue('BETA');
  await expect(controls.getByLabel('Registration')).toHaveValue('');
  expect(await axeViolations(page)).toEqual([]);

  // Clearing a chip widens the list and is a step in the history.
  await chips.getByRole('button', { name: 'Clear filter: Not whitelisted' }).click();
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(
    `Signups(3 of 3 matching "${prefix}")`,
  );
  await expect.poll(() => shownEmails(panel)).toEqual([d, b, a]);
  expect(new URL(page.url()).searchParams.get('whitelisted')).toBeNull();
  await page.goBack();
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(
    `Signups(2 of 2 matching "${prefix}")`,
  );
  await expect(chips.getByRole('button', { name: 'Clear filter: Not whitelisted' })).toBeVisible();

  // A control changes the URL; the search stays with the filters.
  await controls.getByLabel('Whitelist').selectOption('true');
  await expect.poll(() => shownEmails(panel)).toEqual([b]);
  const url = new URL(page.url());
  expect(Object.fromEntries(url.searchParams)).toMatchObject({
    q: prefix,
    type: 'BETA',
    whitelisted: 'true',
    sort: 'email',
    order: 'desc',
  });

  // Clear all leaves the search.
  await chips.getByRole('button', { name: 'Clear all' }).click();
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(
    `Signups(4 of 4 matching "${prefix}")`,
  );
  await expect(searchBox(page)).toHaveValue(prefix);
});

test('the users list takes the same filters from the URL, with its tab', async ({ page }) => {
  const { prefix, c } = seedFour('users-url');
  await openSignedIn(page, `/admin?tab=users&q=${encodeURIComponent(prefix)}&registered=true`);
  const panel = usersPanel(page);
  await expect(page.getByRole('tab', { name: 'User Management' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(
    `Users(1 of 1 matching "${prefix}")`,
  );
  expect(await shownEmails(panel)).toEqual([c]);
  await page.getByRole('tab', { name: 'Signups' }).click();
  await expect(signupsPanel(page).getByRole('heading', { level: 2 })).toHaveText(
    `Signups(1 of 1 matching "${prefix}")`,
  );
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'User Management' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
});

test('the figures above the lists are the server’s', async ({ signedIn: page }) => {
  const figures = page.locator('[data-count]');
  await expect(figures).toHaveCount(6);
  await expect(figures.first()).toHaveText(/^\d[\d,]*$/);
  const answer = (await (await page.request.get('/api/admin/counts')).json()) as Record<
    string,
    number
  >;
  for (const key of ['total', 'confirmed', 'whitelisted', 'invited', 'registered', 'today']) {
    const shown = Number(
      (await page.locator(`[data-count="${key}"]`).textContent())!.replaceAll(',', ''),
    );
    // Other journeys add signups meanwhile: never fewer than the answer read after the page.
    expect(shown, key).toBeLessThanOrEqual(answer[key]!);
  }
});

test.describe('a viewer', () => {
  test('sees the lists, figures and audit log, is offered no change, and the server refuses every change', async ({
    page,
  }) => {
    const viewer = 'viewer@reelscore.local';
    const server = await startServer(await freePort(), {
      ...E2E_DEPLOYMENT_SETTINGS,
      ADMIN_EMAILS: 'admin@reelscore.local',
      VIEWER_EMAILS: viewer,
    });
    try {
      const { prefix, a, b } = seedFour('viewer');
      await startAdminSession(page.context(), { email: viewer, displayName: 'Viewer' });
      await gotoHydrated(page, `${server.origin}/admin?q=${encodeURIComponent(prefix)}`);
      await page.getByRole('button', { name: 'Decline' }).click();
      await expectDashboard(page);
      const panel = signupsPanel(page);
      await expect(panel.getByRole('heading', { level: 2 })).toHaveText(
        `Signups(4 of 4 matching "${prefix}")`,
      );
      await expect(
        panel.getByRole('button', { name: /to the whitelist|from the whitelist/ }),
      ).toHaveCount(0);
      // One read-only badge, in the header; no row repeats it, and there is no Actions column.
      const badge = page.getByText('View only', { exact: true });
      await expect(badge).toHaveCount(1);
      await expect(page.locator('header').filter({ hasText: 'Admin Dashboard' })).toContainText(
        'View only',
      );
      await expect(panel.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
      await atEachWidth(page, 'viewer-header', badge, async (width) => {
        await expect(badge, `${width} px`).toBeVisible();
      });
      await expect(panel.getByRole('button', { name: 'Import CSV' })).toHaveCount(0);
      await expect(panel.getByRole('link', { name: 'Export CSV' })).toBeVisible();
      await openView(page, 'Audit log');
      await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
      // The waves are there to follow, with no word of starting one.
      await openView(page, 'Invite waves');
      const waves = page.getByRole('region', { name: 'Invite waves' });
      await expect(waves).toContainText('The waves of invitations and reminders sent so far');
      await expect(waves).not.toContainText(/Invite the next|Preview|You see the exact count/);
      await expect(waves.getByRole('button')).toHaveCount(0);
      await page.getByRole('tab', { name: 'User Management' }).click();
      await expect(usersPanel(page).getByText('View only')).toHaveCount(0);
      await expect(usersPanel(page).getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
      await expect(usersPanel(page).getByRole('button', { name: /Whitelist|Remove/ })).toHaveCount(
        0,
      );
      expect(await axeViolations(page)).toEqual([]);

      // Straight to the API with the viewer's session: every change is refused, nothing changes.
      const calls = [
        { method: 'POST', path: '/api/admin/whitelist/add', data: { email: a } },
        { method: 'DELETE', path: '/api/admin/whitelist/remove', data: { email: b } },
        { method: 'POST', path: '/api/email/early-access', data: { email: a } },
      ];
      for (const call of calls) {
        const answer = await page.request.fetch(`${server.origin}${call.path}`, {
          method: call.method,
          data: call.data,
        });
        expect(answer.status(), `${call.method} ${call.path}`).toBe(403);
      }
      const importAnswer = await page.request.post(`${server.origin}/api/admin/signups/import`, {
        headers: { 'Content-Type': 'text/csv' },
        data: 'email,type,source,created_at\nviewer-import@example.com,BETA,general,2024-01-01\n',
      });
      expect(importAnswer.status()).toBe(403);
      const list = (await (
        await page.request.get(
          `${server.origin}/api/admin/signups?search=${encodeURIComponent(prefix)}`,
        )
      ).json()) as { signups: { email: string; isWhitelisted: boolean }[] };
      expect(list.signups.find((row) => row.email === a)?.isWhitelisted).toBe(false);
      expect(list.signups.find((row) => row.email === b)?.isWhitelisted).toBe(true);
    } finally {
      await server.stop();
    }
  });
});

test('an admin selects a page, then "all N matching", and whitelists them after confirming the exact count', async ({
  page,
}) => {
  const prefix = `bulk-ui${Date.now()}-`;
  const confirmed = numberedEmails(`${prefix}c`, 12);
  const pending = numberedEmails(`${prefix}p`, 2);
  const confirmedAt = new Date('2024-01-02T00:00:00Z');
  seedSignups([
    ...confirmed.map((email) => ({ email, confirmedAt })),
    ...pending.map((email) => ({ email })),
  ]);
  await openSignedIn(page, `/admin?q=${encodeURIComponent(prefix)}&confirmation=confirmed`);
  const panel = signupsPanel(page);
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText(
    `Signups(10 of 12 matching "${prefix}")`,
  );

  await panel.getByRole('checkbox', { name: `Select ${confirmed[11]}` }).check();
  const bar = panel.getByRole('region', { name: 'Selected signups' });
  await expect(bar).toContainText('1 selected');
  await panel.getByRole('checkbox', { name: 'Select every signup on this page' }).check();
  await expect(bar).toContainText('10 selected');
  await bar.getByRole('button', { name: 'Select all 12 matching' }).click();
  await expect(bar).toContainText('All 12 matching selected');
  expect(await axeViolations(page)).toEqual([]);

  await bar.getByRole('button', { name: 'Add to whitelist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add 12 addresses to the whitelist?' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Send the early-access invitation to those added').uncheck();
  await dialog.getByRole('button', { name: 'Add 12 addresses' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('whitelist-notice')).toContainText(
    'Added 12 addresses to the whitelist.',
  );
  await expect(bar).toHaveCount(0);

  // Every confirmed one on both pages is whitelisted; the pending ones are not.
  const answer = (await (
    await page.request.get(`/api/admin/signups?search=${encodeURIComponent(prefix)}&limit=100`)
  ).json()) as { signups: { email: string; isWhitelisted: boolean }[] };
  for (const row of answer.signups) {
    expect(row.isWhitelisted, row.email).toBe(confirmed.includes(row.email));
  }
});

test('the audit log shows who added an address, found by the address and by the admin', async ({
  signedIn: page,
}) => {
  const [email] = numberedEmails(`audit${Date.now()}-`, 1) as [string];
  seedSignups([{ email }]);
  await searchBox(page).fill(email);
  const row = signupsPanel(page).getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: `Add ${email} to the whitelist` }).click();
  await page
    .getByRole('dialog', { name: 'Add to Whitelist' })
    .getByRole('button', { name: 'Skip Email & Add to Whitelist Only' })
    .click();
  await expect(row).not.toContainText('Not Whitelisted');

  await openView(page, 'Audit log');
  const section = page.locator('section[aria-labelledby="audit-heading"]');
  await section.getByLabel('Address').fill(email);
  const entry = section.getByRole('row').filter({ hasText: email });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Added to whitelist');
  await expect(entry).toContainText('admin@reelscore.local');
  await section.getByLabel('Admin').fill('nobody-such');
  await expect(section.getByText('No entries match.')).toBeVisible();
  await section.getByLabel('Admin').fill('admin@reelscore');
  await expect(entry).toHaveCount(1);
  expect(await axeViolations(page)).toEqual([]);
});
