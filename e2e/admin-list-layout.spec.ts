import type { Locator, Page } from '@playwright/test';
import { axeViolations, searchBox, signupsPanel, usersPanel } from './support/admin.ts';
import { numberedEmails, seedSignups } from './support/admin-data.ts';
import { expect, test } from './support/admin-fixtures.ts';

// axe over the whole dashboard takes long on a busy machine.
test.describe.configure({ timeout: 90_000 });

const LONG_LOCAL_PART = 'a.very.long.address.of.someone.who.signed.up';

/** Signups with a long address, every badge colour, a registration and a confirmation. */
async function seedRows(page: Page, label: string) {
  const prefix = `${label}${Date.now()}-`;
  const [long, beta, openBeta, other] = numberedEmails(prefix, 4) as [
    string,
    string,
    string,
    string,
  ];
  const longEmail = long.replace('@', `${LONG_LOCAL_PART}@extremely-long-company-domain.`);
  seedSignups([
    { email: longEmail, program: 'CLOSED_ALPHA', whitelisted: true, confirmedAt: new Date() },
    { email: beta, program: 'BETA', registeredAt: new Date('2024-03-05T12:00:00Z') },
    { email: openBeta, program: 'OPEN_BETA', confirmedAt: new Date('2024-01-03T00:00:00Z') },
    { email: other, program: 'FRIENDS_AND_FAMILY' },
  ]);
  await searchBox(page).fill(prefix);
  await expect(signupsPanel(page).getByRole('heading', { level: 2 })).toContainText('4 of 4');
  await expect(signupsPanel(page).locator('tbody tr')).toHaveCount(4);
  return { prefix, longEmail, emails: [longEmail, beta, openBeta, other] };
}

/** No sideways scrolling of the page. */
async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** The element lies fully inside the viewport's width. */
async function expectInsideWidth(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, String(locator)).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

/** An address as shown: its text, whether any of it is cut off, and its lines. */
async function addressShape(address: Locator) {
  return address.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      text: element.textContent,
      cut:
        element.scrollWidth > element.clientWidth ||
        (style.textOverflow === 'ellipsis' && style.overflow !== 'visible'),
      lines: Math.round(element.getBoundingClientRect().height / parseFloat(style.lineHeight)),
    };
  });
}

/** Each badge of the panel sits on one line. */
async function expectBadgesOnOneLine(panel: Locator) {
  const heights = await panel.locator('tbody span.rounded-full').evaluateAll((badges) =>
    badges.map((badge) => ({
      text: badge.textContent,
      lines: Math.round(
        badge.getBoundingClientRect().height / parseFloat(getComputedStyle(badge).lineHeight),
      ),
      nowrap: getComputedStyle(badge).whiteSpace === 'nowrap',
    })),
  );
  expect(heights.length).toBeGreaterThan(0);
  for (const badge of heights)
    expect(badge, badge.text ?? '').toMatchObject({ lines: 1, nowrap: true });
}

test('at 360 px each row is a card with every status and its action, without sideways scrolling', async ({
  signedIn: page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const { emails } = await seedRows(page, 'cards');
  const panel = signupsPanel(page);
  await expectNoHorizontalScroll(page);
  for (const email of emails) {
    const row = panel.getByRole('row').filter({ hasText: email });
    await expect(row).toBeVisible();
    for (const text of ['Signup Date', 'Registration', 'Whitelist']) {
      await expect(row).toContainText(text === 'Whitelist' ? /Whitelisted|Not Whitelisted/ : /./);
    }
    await expectInsideWidth(page, row);
    await expectInsideWidth(page, row.locator('[data-type]'));
    await expectInsideWidth(page, row.getByText(/^(Not )?Whitelisted$/));
    await expectInsideWidth(page, row.locator('[data-confirmation]'));
    // The address, which opens the person panel, and the row's action.
    await expectInsideWidth(page, row.getByRole('button', { name: `Open ${email}` }));
    await expectInsideWidth(page, row.getByRole('button', { name: /^(Add|Remove) / }));
  }
  // Each card names its fields, as the table's header would.
  const labels = await panel
    .locator('tbody tr')
    .first()
    .locator('td')
    .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, '::before').content));
  expect(labels).toEqual([
    'none',
    '"Type"',
    '"Signup Date"',
    '"Registration"',
    '"Whitelist"',
    '"Confirmation"',
    '"Place"',
    '"Referrals"',
    '"Wants first"',
    '"Actions"',
  ]);
  await expectBadgesOnOneLine(panel);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('tab', { name: 'User Management' }).click();
  const users = usersPanel(page);
  await expect(users.getByRole('heading', { level: 2 })).toContainText('4 of 4');
  await expectNoHorizontalScroll(page);
  for (const email of emails) {
    const row = users.getByRole('row').filter({ hasText: email });
    await expectInsideWidth(page, row);
    await expectInsideWidth(page, row.getByRole('button', { name: `Open ${email}` }));
    await expectInsideWidth(
      page,
      row.getByRole('button', { name: /^(Add to Whitelist:|Remove) / }),
    );
  }
  expect(await axeViolations(page)).toEqual([]);
});

test('at 768 px addresses are shown in full, on one line unless longer than it, badges never wrap', async ({
  signedIn: page,
}) => {
  await page.setViewportSize({ width: 768, height: 900 });
  const { longEmail, emails } = await seedRows(page, 'tablet');
  const panel = signupsPanel(page);
  await expectNoHorizontalScroll(page);
  // The table fits: nothing scrolls sideways inside its frame either.
  const frame = panel.locator('table').locator('..');
  expect(await frame.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await expectBadgesOnOneLine(panel);

  for (const email of emails) {
    const shape = await addressShape(panel.getByTitle(email));
    expect(shape, email).toMatchObject({ text: email, cut: false });
    // An address of usual length takes one line; a longer one wraps rather than being cut.
    if (email !== longEmail) expect(shape.lines, email).toBe(1);
  }
  expect(await axeViolations(page)).toEqual([]);
});

test('at 1440 px the lists stay dense tables', async ({ signedIn: page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const { emails } = await seedRows(page, 'dense');
  const panel = signupsPanel(page);
  await expect(panel.locator('thead')).toBeVisible();
  for (const email of emails.slice(1)) {
    const box = await panel.getByRole('row').filter({ hasText: email }).boundingBox();
    expect(box!.height).toBeLessThanOrEqual(40);
  }
  // Every address in full, on one line but the longest, which wraps rather than being cut.
  for (const email of emails) {
    const shape = await addressShape(panel.getByTitle(email));
    expect(shape, email).toMatchObject({ text: email, cut: false });
    if (email !== emails[0]) expect(shape.lines, email).toBe(1);
  }
  await expectBadgesOnOneLine(panel);
  await expectNoHorizontalScroll(page);
});
