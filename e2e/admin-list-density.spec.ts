import type { Locator, Page } from '@playwright/test';
import {
  axeViolations,
  expectDashboard,
  expectFocusRing,
  searchBox,
  signupsPanel,
  tabTo,
  usersPanel,
} from './support/admin.ts';
import { numberedEmails, seedSignups } from './support/admin-data.ts';
import { expect, test } from './support/admin-fixtures.ts';
import { gotoHydrated } from './support/fixtures.ts';

/**
 * Each row of a list: its top and bottom on the page, its height, and whether its address takes
 * more than one line (an address longer than its column wraps rather than being cut: such a row,
 * another journey's on the shared database, is rightly taller).
 */
function rowBoxes(panel: Locator) {
  return panel.locator('tbody tr:not([role="presentation"])').evaluateAll((rows) =>
    rows.map((row) => {
      const box = row.getBoundingClientRect();
      const address = row.querySelector('td > span')!;
      const lineHeight = parseFloat(getComputedStyle(address).lineHeight);
      return {
        top: box.top + window.scrollY,
        bottom: box.bottom + window.scrollY,
        height: box.height,
        addressWraps: address.getBoundingClientRect().height > lineHeight * 1.5,
      };
    }),
  );
}

/**
 * The first screen of a list at 1440x900: 12 rows or more in it, each about 36 px high (but for
 * a row whose long address wraps), and the first row's top above `firstRowAbove`; with
 * `ownOnly`, the rows are the test's own, and no address wraps.
 */
async function expectDenseFirstScreen(
  page: Page,
  panel: Locator,
  {
    rows,
    firstRowAbove,
    ownOnly = false,
  }: { rows: number; firstRowAbove: number; ownOnly?: boolean },
) {
  await expect(panel.locator('tbody tr')).toHaveCount(rows);
  await page.evaluate(() => window.scrollTo(0, 0));
  const boxes = await rowBoxes(panel);
  expect(boxes[0]!.top, 'the first row’s top').toBeLessThan(firstRowAbove);
  const inFirstScreen = boxes.filter((box) => box.bottom <= 900).length;
  expect(inFirstScreen, 'rows fully in the first screen').toBeGreaterThanOrEqual(12);
  for (const box of boxes) if (!box.addressWraps) expect(box.height).toBeLessThanOrEqual(40);
  // The test's own rows (all of a search's) have short addresses: none of them wraps.
  if (ownOnly) expect(boxes.filter((box) => box.addressWraps)).toEqual([]);
}

function heading(panel: Locator) {
  return panel.getByRole('heading', { level: 2 });
}

test('at 1440x900 with 25 a page the first row starts above 270 px and 12 rows or more show at once, on both lists', async ({
  signedIn: page,
}) => {
  // More than a page of users (50) even on a fresh database; a search keeps 30 of them.
  const prefix = `dense${Date.now()}-`;
  seedSignups(numberedEmails(prefix, 30).map((email) => ({ email })));
  seedSignups(numberedEmails(`dense-more${Date.now()}-`, 25).map((email) => ({ email })));
  await page.setViewportSize({ width: 1440, height: 900 });
  await gotoHydrated(page, '/admin?size=25');
  await expectDashboard(page);
  const signups = signupsPanel(page);
  await expectDenseFirstScreen(page, signups, { rows: 25, firstRowAbove: 270 });

  // With a search the heading is longer: it wraps in its own room, the tools stay on its line,
  // and the rows stay as many and as high (the first a line of the heading lower).
  await searchBox(page).fill(prefix);
  await expect(heading(signups)).toHaveText(`Signups(25 of 30 matching "${prefix}")`);
  const top = async (locator: Locator) => (await locator.boundingBox())!.y;
  expect(await top(signups.getByRole('link', { name: 'Export CSV' }))).toBeCloseTo(
    await top(searchBox(page)),
    0,
  );
  await expectDenseFirstScreen(page, signups, { rows: 25, firstRowAbove: 300, ownOnly: true });
  expect(await axeViolations(page)).toEqual([]);

  // The users' own page size, 50, shows as densely.
  await gotoHydrated(page, '/admin?tab=users');
  await expectDashboard(page);
  await expectDenseFirstScreen(page, usersPanel(page), { rows: 50, firstRowAbove: 270 });
});

test('the page size is chosen above each list and kept in the URL; without a choice the dashboard asks for 10 signups and 50 users', async ({
  signedIn: page,
}) => {
  const prefix = `size${Date.now()}-`;
  seedSignups(numberedEmails(prefix, 30).map((email) => ({ email })));
  const limits: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    const list = /^\/api\/admin\/(signups|users)$/.exec(url.pathname)?.[1];
    if (list && url.searchParams.get('search') === prefix)
      limits.push(`${list} ${url.searchParams.get('limit')}`);
  });

  const signups = signupsPanel(page);
  await searchBox(page).fill(prefix);
  await expect(heading(signups)).toHaveText(`Signups(10 of 30 matching "${prefix}")`);
  const signupsSize = signups.getByLabel('Signups per page');
  await expect(signupsSize).toHaveValue('10');
  expect(limits).toEqual(['signups 10']);

  await signupsSize.selectOption('25');
  await expect(heading(signups)).toHaveText(`Signups(25 of 30 matching "${prefix}")`);
  await expect(signups.locator('tbody tr')).toHaveCount(25);
  const pager = signups.getByRole('navigation', { name: 'Signups pages' });
  await expect(pager).toContainText('1–25 of 30');
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(pager).toContainText('26–30 of 30');
  expect(new URL(page.url()).searchParams.get('size')).toBe('25');

  // A reload (or the address shared) shows as many.
  await page.reload();
  await expectDashboard(page);
  await expect(heading(signups)).toHaveText(`Signups(25 of 30 matching "${prefix}")`);
  await expect(signupsSize).toHaveValue('25');

  // The choice serves the users too; choosing their own 50 leaves the address bare, and Back
  // brings the 25 back.
  await page.getByRole('tab', { name: 'User Management' }).click();
  const users = usersPanel(page);
  const usersSize = users.getByLabel('Users per page');
  await expect(heading(users)).toHaveText(`Users(25 of 30 matching "${prefix}")`);
  await expect(usersSize).toHaveValue('25');
  await usersSize.selectOption('50');
  await expect(heading(users)).toHaveText(`Users(30 of 30 matching "${prefix}")`);
  expect(new URL(page.url()).searchParams.get('size')).toBeNull();
  await page.goBack();
  await expect(heading(users)).toHaveText(`Users(25 of 30 matching "${prefix}")`);
  await expect(usersSize).toHaveValue('25');
  expect(await axeViolations(page)).toEqual([]);

  // Without a choice, the users' list asks for its own 50.
  await gotoHydrated(page, `/admin?tab=users&q=${encodeURIComponent(prefix)}`);
  await expectDashboard(page);
  await expect(heading(users)).toHaveText(`Users(30 of 30 matching "${prefix}")`);
  expect(limits.at(-1)).toBe('users 50');
});

test('the arrow keys move through the rows, keeping the column, with a focus ring', async ({
  signedIn: page,
}) => {
  const prefix = `arrows${Date.now()}-`;
  const emails = numberedEmails(prefix, 5);
  // Newest first: the second row shown is the fourth seeded, on the whitelist.
  seedSignups(emails.map((email, index) => ({ email, whitelisted: index === 3 })));
  const [e0, e1, e2, e3, e4] = [...emails].reverse() as [string, string, string, string, string];
  const signups = signupsPanel(page);
  await searchBox(page).fill(prefix);
  await expect(heading(signups)).toHaveText(`Signups(5 of 5 matching "${prefix}")`);
  const select = (email: string) => signups.getByRole('checkbox', { name: `Select ${email}` });

  // Up and Down from a row's check box reach the next row's, End and Home the last and first.
  await reachFrom(page, select(e0));
  await page.keyboard.press('ArrowDown');
  await expect(select(e1)).toBeFocused();
  await expectFocusRing(page);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(select(e3)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(select(e2)).toBeFocused();
  await page.keyboard.press('End');
  await expect(select(e4)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(select(e4)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(select(e0)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(select(e0)).toBeFocused();
  // The page did not scroll away under the keys.
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // From a row's address, the next row's; from its action, the next row's action, whichever
  // it is. Tab still goes through every control in order.
  const open = (email: string) => signups.getByRole('button', { name: `Open ${email}` });
  const add = (email: string) =>
    signups.getByRole('button', { name: `Add ${email} to the whitelist` });
  await page.keyboard.press('Tab');
  await expect(open(e0)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(open(e1)).toBeFocused();
  await expectFocusRing(page);
  await page.keyboard.press('Tab');
  await expect(
    signups.getByRole('button', { name: `Remove ${e1} from the whitelist` }),
  ).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(add(e0)).toBeFocused();
  await expectFocusRing(page);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(add(e2)).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(open(e2)).toBeFocused();

  // The users' rows the same way, from their actions.
  await page.getByRole('tab', { name: 'User Management' }).click();
  const users = usersPanel(page);
  await expect(heading(users)).toHaveText(`Users(5 of 5 matching "${prefix}")`);
  const usersAdd = (email: string) =>
    users.getByRole('button', { name: `Add to Whitelist: ${email}` });
  await reachFrom(page, usersAdd(e0));
  await page.keyboard.press('ArrowDown');
  await expect(
    users.getByRole('button', { name: `Remove ${e1} from the whitelist` }),
  ).toBeFocused();
  await page.keyboard.press('End');
  await expect(usersAdd(e4)).toBeFocused();
  await expectFocusRing(page);
});

/** Tabs from the search to `target`, as a keyboard user would. */
async function reachFrom(page: Page, target: Locator) {
  await searchBox(page).focus();
  await tabTo(page, target);
}
