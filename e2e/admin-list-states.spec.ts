import type { Page } from '@playwright/test';
import {
  addDialog,
  axeViolations,
  errorBanner,
  expectDashboard,
  searchBox,
  signupsPanel,
  usersPanel,
} from './support/admin.ts';
import { numberedEmails, seedSignups } from './support/admin-data.ts';
import { expect, test } from './support/admin-fixtures.ts';
import { atEachWidth, controlsCoveredBy } from './support/screens.ts';
import { gotoHydrated } from './support/fixtures.ts';

// axe over the whole dashboard takes long on a busy machine.
test.describe.configure({ timeout: 90_000 });

// Failed loads below answer 500 or are cut, which the browser logs.
test.use({
  allowConsoleErrors: /(500 \(Internal Server Error\)|net::ERR_FAILED)/,
});

/** Seeded, not yet whitelisted signups found by one search; newest first. */
async function seedAndSearch(page: Page, label: string, count: number) {
  const prefix = `${label}${Date.now()}-`;
  const emails = numberedEmails(prefix, count);
  seedSignups(emails.map((email) => ({ email })));
  await searchBox(page).fill(prefix);
  await expect(signupsPanel(page).getByRole('heading', { level: 2 })).toContainText(
    `of ${count} matching`,
  );
  return { prefix, emails: [...emails].reverse() };
}

test('a failed load shows the error where the list is, keeps the last rows, and Retry loads again', async ({
  signedIn: page,
}) => {
  const { prefix, emails } = await seedAndSearch(page, 'retry', 3);
  const panel = signupsPanel(page);
  const failure = panel.getByTestId('list-failure');

  // The next page of the same search fails: the rows of the last load stay, under the failure.
  let failing = true;
  await page.route('**/api/admin/signups?*', (route) =>
    failing
      ? route.fulfill({ status: 500, json: { message: 'Database unavailable' } })
      : route.fallback(),
  );
  await searchBox(page).fill(`${prefix}0`);
  await expect(failure).toContainText('Signups could not be loaded');
  await expect(failure).toContainText('Database unavailable');
  await expect(failure).toContainText('Showing the last list that loaded.');
  await expect(errorBanner(page)).toContainText('Database unavailable');
  for (const email of emails)
    await expect(panel.getByRole('row').filter({ hasText: email })).toBeVisible();
  await expect(panel.getByText('No signups found')).toHaveCount(0);
  await expect(panel.getByText('No signups match your search.')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);

  // Retry while it still fails: the failure stays; once the server answers, the list is current.
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(failure).toContainText('Database unavailable');
  failing = false;
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(failure).toHaveCount(0);
  await expect(panel.getByRole('heading', { level: 2 })).toContainText(
    `of 3 matching "${prefix}0"`,
  );
});

test('a list that never loaded shows only the failure and Retry, never an empty list', async ({
  signedIn: page,
}) => {
  let failing = true;
  await page.route('**/api/admin/users?*', (route) =>
    failing ? route.abort('failed') : route.fallback(),
  );
  await page.getByRole('tab', { name: 'User Management' }).click();
  const panel = usersPanel(page);
  const failure = panel.getByTestId('list-failure');
  await expect(failure).toContainText('Failed to fetch users');
  await expect(failure).not.toContainText('Showing the last list');
  await expect(panel.getByText('No users found')).toHaveCount(0);
  await expect(panel.getByRole('table')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  failing = false;
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(panel.getByRole('table')).toBeVisible();
  await expect(failure).toHaveCount(0);
});

test('after Add or Remove a confirmation offers Undo, which puts the address back', async ({
  signedIn: page,
}) => {
  const { emails } = await seedAndSearch(page, 'undo', 1);
  const email = emails[0]!;
  const row = signupsPanel(page).getByRole('row').filter({ hasText: email });
  const toast = page.getByTestId('whitelist-notice');

  await row.getByRole('button', { name: `Add ${email} to the whitelist` }).click();
  await addDialog(page).getByRole('button', { name: 'Skip Email & Add to Whitelist Only' }).click();
  await expect(toast).toContainText(`Added ${email} to the whitelist.`);
  // After an addition focus rests on the confirmation, where Enter changes nothing (on the
  // row's new Remove button a second Enter would take the address off again).
  await expect(toast).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(row).not.toContainText('Not Whitelisted');
  // It sits in the list under its row: it covers no row's action at any width.
  await atEachWidth(page, 'row-added', toast, async (width) => {
    expect(await controlsCoveredBy(toast), `${width} px`).toEqual([]);
    expect(await axeViolations(page), `${width} px`).toEqual([]);
  });
  await expect(toast).toBeFocused();

  await toast.getByRole('button', { name: /^Undo/ }).click();
  await expect(toast).toContainText(`${email} is no longer on the whitelist.`);
  await expect(toast.getByRole('button', { name: /^Undo/ })).toHaveCount(0);
  await expect(row).toContainText('Not Whitelisted');

  // The server holds the undone state: a fresh load shows it too.
  await page.reload();
  await expectDashboard(page);
  await searchBox(page).fill(email);
  await expect(row).toContainText('Not Whitelisted');

  // Remove, then Undo: listed again.
  await row.getByRole('button', { name: `Add ${email} to the whitelist` }).click();
  await addDialog(page).getByRole('button', { name: 'Skip Email & Add to Whitelist Only' }).click();
  await expect(row).not.toContainText('Not Whitelisted');
  await row.getByRole('button', { name: `Remove ${email} from the whitelist` }).click();
  await expect(toast).toContainText(`Removed ${email} from the whitelist.`);
  // Read out from a polite live region, focus staying on the row's button.
  await expect(
    page.getByRole('status').filter({ hasText: `Removed ${email} from the whitelist.` }),
  ).toHaveAttribute('aria-live', 'polite');
  await expect(row).toContainText('Not Whitelisted');
  await toast.getByRole('button', { name: /^Undo/ }).click();
  await expect(toast).toContainText(`${email} is on the whitelist again.`);
  await expect(row).not.toContainText('Not Whitelisted');
  await page.getByRole('tab', { name: 'User Management' }).click();
  await expect(usersPanel(page).getByRole('row').filter({ hasText: email })).not.toContainText(
    'Not Whitelisted',
  );
  await toast.getByRole('button', { name: 'Dismiss' }).click();
  await expect(toast).toHaveCount(0);
});

test('public pages never download the query library', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  for (const path of ['/', '/pricing', '/signup']) {
    await gotoHydrated(page, path);
    await page.waitForLoadState('networkidle');
  }
  expect(scripts.length).toBeGreaterThan(0);
  const withQueryLibrary: string[] = [];
  for (const url of new Set(scripts)) {
    const text = await (await page.request.get(url)).text();
    // A message of TanStack Query's provider that minification keeps.
    if (text.includes('No QueryClient set')) withQueryLibrary.push(url);
  }
  expect(withQueryLibrary).toEqual([]);
});
