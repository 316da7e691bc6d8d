import type { Locator } from '@playwright/test';
import { axeViolations, searchBox, signupsPanel, usersPanel } from './support/admin.ts';
import { numberedEmails, seedSignups } from './support/admin-data.ts';
import { expect, test } from './support/admin-fixtures.ts';

/** The addresses in a list's rows, top to bottom. */
function shownEmails(panel: Locator) {
  return panel.locator('tbody tr td:first-child').allTextContents();
}

/** Newest first: seeded rows are created in order, so the lists show them reversed. */
function newestFirst(emails: string[]) {
  return [...emails].reverse();
}

test('signups and users page through a search with the right rows, counts and ends', async ({
  signedIn: page,
}) => {
  test.setTimeout(45_000);
  const prefix = `paging${Date.now()}-`;
  const emails = numberedEmails(prefix, 55);
  seedSignups(emails.map((email) => ({ email })));
  const expected = newestFirst(emails);

  // Signups: 10 a page.
  const signups = signupsPanel(page);
  await searchBox(page).fill(prefix);
  const heading = signups.getByRole('heading', { level: 2 });
  const pager = signups.getByRole('navigation', { name: 'Signups pages' });
  const next = pager.getByRole('button', { name: 'Next' });
  const previous = pager.getByRole('button', { name: 'Previous' });
  await expect(heading).toHaveText(`Signups(10 of 55 matching "${prefix}")`);
  await expect(pager).toContainText('1–10 of 55');
  expect(await shownEmails(signups)).toEqual(expected.slice(0, 10));
  await expect(previous).toBeDisabled();
  await expect(next).toBeEnabled();

  await next.click();
  await expect(pager).toContainText('11–20 of 55');
  await expect.poll(() => shownEmails(signups)).toEqual(expected.slice(10, 20));
  await expect(previous).toBeEnabled();

  for (const range of ['21–30', '31–40', '41–50']) {
    await next.click();
    await expect(pager).toContainText(`${range} of 55`);
  }
  await next.click();
  await expect(pager).toContainText('51–55 of 55');
  await expect(heading).toHaveText(`Signups(5 of 55 matching "${prefix}")`);
  await expect.poll(() => shownEmails(signups)).toEqual(expected.slice(50));
  await expect(next).toBeDisabled();
  // A disabled end does nothing (it stays focusable, so it can still be pressed).
  await next.click({ force: true });
  await expect(pager).toContainText('51–55 of 55');

  await previous.click();
  await expect(pager).toContainText('41–50 of 55');
  await expect.poll(() => shownEmails(signups)).toEqual(expected.slice(40, 50));

  // A new search term starts at the first page (this one matches the same rows).
  await searchBox(page).fill(prefix.slice(0, -1));
  await expect(pager).toContainText('1–10 of 55');
  await expect.poll(() => shownEmails(signups)).toEqual(expected.slice(0, 10));
  await expect(previous).toBeDisabled();

  // Users: 50 a page.
  await page.getByRole('tab', { name: 'User Management' }).click();
  const users = usersPanel(page);
  const usersPager = users.getByRole('navigation', { name: 'Users pages' });
  await expect(users.getByRole('heading', { level: 2 })).toHaveText(
    `Users(50 of 55 matching "${prefix.slice(0, -1)}")`,
  );
  await expect(usersPager).toContainText('1–50 of 55');
  expect(await shownEmails(users)).toEqual(expected.slice(0, 50));
  await expect(usersPager.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await usersPager.getByRole('button', { name: 'Next' }).click();
  await expect(usersPager).toContainText('51–55 of 55');
  await expect.poll(() => shownEmails(users)).toEqual(expected.slice(50));
  await expect(usersPager.getByRole('button', { name: 'Next' })).toBeDisabled();

  await usersPager.getByRole('button', { name: 'Previous' }).click();
  await expect(usersPager).toContainText('1–50 of 55');
  await expect.poll(() => shownEmails(users)).toEqual(expected.slice(0, 50));

  // A search with one page of results shows no pager.
  await searchBox(page).fill(`${prefix}1`);
  await expect(users.getByRole('heading', { level: 2 })).toHaveText(
    `Users(10 of 10 matching "${prefix}1")`,
  );
  await expect(usersPager).toHaveCount(0);
});

test('rows show the type, registration and whitelist state the database holds', async ({
  signedIn: page,
}) => {
  const prefix = `rows${Date.now()}-`;
  const [alpha, beta, openBeta, other] = numberedEmails(prefix, 4) as [
    string,
    string,
    string,
    string,
  ];
  seedSignups([
    { email: alpha, program: 'CLOSED_ALPHA', whitelisted: true },
    { email: beta, program: 'BETA', registeredAt: new Date('2024-03-05T12:00:00Z') },
    { email: openBeta, program: 'OPEN_BETA' },
    { email: other, program: 'FRIENDS_AND_FAMILY' },
  ]);
  await searchBox(page).fill(prefix);
  const signups = signupsPanel(page);
  const row = (email: string) => signups.getByRole('row').filter({ hasText: email });
  await expect(signups.getByRole('heading', { level: 2 })).toHaveText(
    `Signups(4 of 4 matching "${prefix}")`,
  );
  await expect(row(alpha)).toContainText('CLOSED ALPHA');
  await expect(row(alpha)).toContainText('Pending');
  await expect(
    row(alpha).getByRole('button', { name: `Remove ${alpha} from the whitelist` }),
  ).toBeVisible();
  await expect(row(beta)).toContainText('BETA');
  await expect(row(beta)).toContainText(/Registered \(.*2024\)/);
  await expect(row(beta)).toContainText('Not Whitelisted');
  await expect(row(openBeta)).toContainText('OPEN BETA');
  await expect(row(other)).toContainText('FRIENDS AND FAMILY');
  // Four programmes, four colours.
  const colours = await signups
    .locator('[data-type]')
    .evaluateAll((badges) => badges.map((badge) => getComputedStyle(badge).color));
  expect(new Set(colours).size).toBe(4);
});

test('a search matching more than 10,000 addresses says 10,000+, pages on, and the bulk dialog counts them exactly', async ({
  signedIn: page,
}) => {
  test.setTimeout(90_000);
  const prefix = `wide${Date.now()}-`;
  const emails = numberedEmails(prefix, 10_005);
  seedSignups(emails.map((email) => ({ email })));

  await searchBox(page).fill(prefix);
  const signups = signupsPanel(page);
  await expect(signups.getByRole('heading', { level: 2 })).toHaveText(
    `Signups(10 of 10,000+ matching "${prefix}")`,
  );
  const pager = signups.getByRole('navigation', { name: 'Signups pages' });
  await expect(pager).toContainText('1–10 of 10,000+');
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText('11–20 of 10,000+');
  await expect(pager.getByRole('button', { name: 'Next' })).toBeEnabled();

  await signups.getByRole('checkbox', { name: 'Select every signup on this page' }).check();
  const bar = signups.getByRole('region', { name: 'Selected signups' });
  await bar.getByRole('button', { name: 'Select all 10,000+ matching' }).click();
  await expect(bar).toContainText('All 10,000+ matching selected');
  expect(await axeViolations(page)).toEqual([]);

  // The confirmation reads the whole selection: the exact count, before anything changes.
  await bar.getByRole('button', { name: 'Add to whitelist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add 10,005 addresses to the whitelist?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('tab', { name: 'User Management' }).click();
  const users = usersPanel(page);
  await expect(users.getByRole('heading', { level: 2 })).toHaveText(
    `Users(50 of 10,000+ matching "${prefix}")`,
  );
  await expect(users.getByRole('navigation', { name: 'Users pages' })).toContainText(
    '1–50 of 10,000+',
  );
});
