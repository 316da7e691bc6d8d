import { randomUUID } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { axeViolations, openView, signupsPanel } from './support/admin.ts';
import { seedSignups } from './support/admin-data.ts';
import { expect, test } from './support/admin-fixtures.ts';
import { E2E_SQLITE_PATH } from './support/environment.ts';
import {
  creditHeld,
  expectCredited,
  expectHeldReasons,
  expectSortedByMostReferrals,
  expectTopReferrer,
  expectWaveFollows,
  firstByPlace,
  ownerRows,
  placeAfterCredit,
  placeOf,
  sortByMostReferrals,
} from './support/line-journeys.ts';
import { atEachWidth } from './support/screens.ts';

/**
 * The review of referrals (decision 0040): a referral from the owner in another spelling and a
 * burst from the owner's network are held; the admin sees them in the Referrals view with the
 * reasons in words, credits them after a dialog that states the number, and the owner moves up
 * in the signups list and leads both lists sorted by referrals; the next invite wave then takes
 * people in the order the list shows by place.
 */

const AHEAD = 35;

/** Held referrals of `owner`, as the confirmation's settlement leaves them. */
function seedHeldReferrals(
  owner: string,
  friends: { email: string; reasons: string }[],
  at = new Date(),
) {
  const database = new SQLite(E2E_SQLITE_PATH, { fileMustExist: true, timeout: 5000 });
  try {
    const insert = database.prepare(
      `insert into referrals (id, owner_id, friend_id, status, reasons, created_at, settled_at)
       values (?, ?, ?, 'held', ?, ?, ?)`,
    );
    database.transaction(() => {
      for (const friend of friends) {
        insert.run(
          randomUUID(),
          `e2e-${owner}`,
          `e2e-${friend.email}`,
          friend.reasons,
          at.toISOString(),
          at.toISOString(),
        );
      }
    })();
  } finally {
    database.close();
  }
}

test('held referrals are credited from the review view; the owner moves up and the next wave follows the list', async ({
  signedIn: page,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const owner = `ann.lee.${stamp}@gmail.com`;
  // The owner in another spelling: no dots, a +tag.
  const self = `annlee${stamp}+x@gmail.com`;
  const burst = [1, 2, 3].map((n) => `burst${n}-${stamp}@example.net`);
  const confirmedAt = new Date('2024-01-01T00:00:00Z');
  seedSignups(
    [
      ...Array.from({ length: AHEAD }, (_, n) => ({
        email: `ahead${String(n).padStart(2, '0')}-${stamp}@example.com`,
        confirmedAt,
      })),
      { email: owner, confirmedAt },
      { email: self, confirmedAt },
      ...burst.map((email) => ({ email, confirmedAt })),
    ],
    new Date(),
  );
  seedHeldReferrals(owner, [
    { email: self, reasons: 'same-person' },
    ...burst.map((email) => ({ email, reasons: 'same-network,burst' })),
  ]);

  await page.setViewportSize({ width: 1440, height: 900 });
  const before = await placeOf(page, owner);
  expect(before).toBeGreaterThan(AHEAD);

  await openView(page, 'Referrals');
  await expect(page).toHaveURL(/[?&]tab=referrals/);
  const rows = await expectHeldReasons(page, { owner, self, burst });
  await expect(
    page.getByRole('table', { name: 'Top referrers' }).getByRole('row').filter({ hasText: owner }),
  ).toContainText('Flagged');

  await atEachWidth(page, 'referrals-review', rows.first(), async () => {
    await expect(rows.first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  // One row's Reject asks first, stating the number; Cancel changes nothing.
  await rows
    .filter({ hasText: self })
    .getByRole('button', { name: `Reject the referral of ${self}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Reject 1 referral?' });
  await expect(dialog).toContainText(owner);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(rows).toHaveCount(4);

  // A selection: every one of the owner's held referrals, credited after the dialog.
  await page.setViewportSize({ width: 1440, height: 900 });
  await creditHeld(page, owner, [self, ...burst], async (credit) => {
    await atEachWidth(page, 'referrals-dialog', credit, async () => {
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  // Credited, they show under Credited, decided by the admin.
  await expectCredited(page, owner, 4);
  await atEachWidth(page, 'referrals-credited', ownerRows(page, owner).first(), async () => {
    expect(await axeViolations(page)).toEqual([]);
  });

  // The owner moved forward: ten places a credited referral, for four of them.
  await page.setViewportSize({ width: 1440, height: 900 });
  const after = await placeAfterCredit(page, { owner, before, credited: 4 });
  await atEachWidth(
    page,
    'referrals-owner-place',
    signupsPanel(page).getByRole('row').filter({ hasText: owner }),
    async () => {
      expect(await axeViolations(page)).toEqual([]);
    },
  );

  // The owner's panel: their place, the places referrals gained them, what their link brought.
  await page.getByRole('button', { name: `Open ${owner}` }).click();
  const panel = page.getByRole('dialog', { name: owner });
  await expect(panel).toContainText(`${after} of`);
  await expect(panel).toContainText('40 places by referrals');
  await expect(panel).toContainText('4 credited, 0 not confirmed, 0 held, 0 rejected');
  await atEachWidth(page, 'referrals-person', panel, async () => {
    expect(await axeViolations(page)).toEqual([]);
  });
  await panel.getByRole('button', { name: 'Close' }).first().click();
  await expect(panel).toHaveCount(0);

  // Sorted by referrals, the signups list is the people who brought friends, the owner first
  // (no other journey credits four). The count's column makes way for the addresses between
  // 1280 and 1535 px (table-styles.ts); on cards and two-line rows it shows.
  await page.setViewportSize({ width: 1440, height: 900 });
  await sortByMostReferrals(page, 'Signups');
  const top = await expectTopReferrer(page, 'Signups', { owner, count: 4 });
  await atEachWidth(page, 'referrals-sorted', top, async (width) => {
    await expect(top.locator('td[data-label="Email"]')).toContainText(owner);
    if (width < 1280) await expect(top.locator('td[data-label="Referrals"]')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    expect(await axeViolations(page)).toEqual([]);
  });
  // The order is the URL's, as the filters are: the users list keeps it, the owner first too.
  await page.setViewportSize({ width: 1440, height: 900 });
  await openView(page, 'User Management');
  await expectSortedByMostReferrals(page, 'Users');
  await expectTopReferrer(page, 'Users', { owner, count: 4 });

  // The funnel tells referred signups from organic ones.
  await openView(page, 'Funnel');
  const split = page.getByRole('table', { name: 'Funnel by how people came' });
  await expect(split.getByRole('row', { name: /^Referred/ })).toBeVisible();
  await atEachWidth(page, 'referrals-funnel', split, async () => {
    expect(await axeViolations(page)).toEqual([]);
  });

  // The next N of an invite wave are the list's first N by place.
  await openView(page, 'Signups');
  await page.setViewportSize({ width: 1440, height: 900 });
  const preview = await expectWaveFollows(page, await firstByPlace(page, 10));
  await atEachWidth(page, 'referrals-wave-preview', preview, async () => {
    expect(await axeViolations(page)).toEqual([]);
  });
});
