import type { Page } from '@playwright/test';
import { addDialog, axeViolations, expectDashboard, searchBox } from './support/admin.ts';
import { seedSignups } from './support/admin-data.ts';
import { expect, test } from './support/admin-fixtures.ts';
import { gotoHydrated } from './support/fixtures.ts';

/**
 * A person at a glance: choosing an address opens a panel with everything about it, named in
 * the URL (a panel can be shared, Back closes it), with the changes an admin may make there.
 */

const WIDTHS = [
  { width: 360, height: 740 },
  { width: 768, height: 1024 },
  { width: 1440, height: 900 },
];

function personPanel(page: Page, email: string) {
  return page.getByRole('dialog', { name: email });
}

for (const { width, height } of WIDTHS) {
  test(`at ${width} px an address opens its panel from the list, and a change shows there at once`, async ({
    signedIn: page,
  }) => {
    await page.setViewportSize({ width, height });
    const email = `person-${width}-${Date.now()}@example.com`;
    seedSignups([{ email, confirmedAt: new Date('2024-01-01T00:00:00Z') }], new Date());
    await searchBox(page).fill(email);
    await page.getByRole('button', { name: `Open ${email}` }).click();

    const panel = personPanel(page, email);
    await expect(panel).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`[?&]person=${encodeURIComponent(email)}`));
    await expect(panel.getByRole('list', { name: 'State' })).toContainText('Confirmed');
    await expect(panel.getByRole('list', { name: 'State' })).toContainText('Not Whitelisted');
    await expect(panel.getByText('This address never used the signup form.')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    // Nothing in the panel is cut or wider than the screen.
    const box = await panel.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(width);

    await panel.getByRole('button', { name: 'Add to Whitelist' }).click();
    await addDialog(page)
      .getByRole('button', { name: 'Skip Email & Add to Whitelist Only' })
      .click();
    await expect(addDialog(page)).toHaveCount(0);
    await expect(panel.getByRole('list', { name: 'State' })).toContainText('Whitelisted');
    await expect(panel.getByText(/whitelist\.add by admin@reelscore\.local/)).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Remove from whitelist' })).toBeVisible();

    // Back closes the panel and leaves the list as it was, the focus on the address again.
    await page.goBack();
    await expect(panel).toHaveCount(0);
    await expect(searchBox(page)).toHaveValue(email);
    await expect(page.getByRole('button', { name: `Open ${email}` })).toBeFocused();
  });
}

test('a shared address opens the panel, and Close puts it away', async ({ signedIn: page }) => {
  const email = `shared-person-${Date.now()}@example.com`;
  seedSignups([{ email, whitelisted: true }], new Date());
  // The panel is modal: the dashboard behind it is hidden from assistive technology meanwhile.
  await gotoHydrated(page, `/admin?person=${encodeURIComponent(email)}`);
  const panel = personPanel(page, email);
  await expect(panel.getByRole('list', { name: 'State' })).toContainText('Unconfirmed');
  await expect(panel.getByRole('list', { name: 'State' })).toContainText('Whitelisted');
  await panel.getByRole('button', { name: 'Close' }).click();
  await expect(panel).toHaveCount(0);
  await expect(page).not.toHaveURL(/person=/);
  await expectDashboard(page);
});

test.describe('an address nothing is held about', () => {
  // The panel asks for the address and the server answers 404, which the browser logs.
  test.use({ allowConsoleErrors: /401 \(Unauthorized\)|404 \(Not Found\)/ });

  test('says so in the panel, and Escape puts it away', async ({ signedIn: page }) => {
    await gotoHydrated(page, `/admin?person=${encodeURIComponent('nobody-at-all@example.com')}`);
    const unknown = personPanel(page, 'nobody-at-all@example.com');
    await expect(unknown.getByText(/Nothing is held about this address/)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(unknown).toHaveCount(0);
    await expect(page).not.toHaveURL(/person=/);
  });
});
