import type { Locator, Page } from '@playwright/test';
import {
  addDialog,
  errorBanner,
  expectFocusRing,
  searchBox,
  signupsPanel,
  tabTo,
} from './support/admin.ts';
import { numberedEmails, seedSignups } from './support/admin-data.ts';
import { expect, test } from './support/admin-fixtures.ts';
import { uniqueEmail } from './support/database.ts';

/** Tab or Shift+Tab to a control and check that it shows where focus is. */
async function reach(page: Page, target: Locator, backwards = false, limit = 40) {
  await tabTo(page, target, { backwards, limit });
  await expectFocusRing(page);
}

/** Presses Tab and Shift+Tab and checks that focus never leaves the dialog. */
async function expectFocusTrapped(page: Page, dialog: Locator, presses: number) {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let press = 0; press < presses; press++) {
      await page.keyboard.press(key);
      expect(
        await dialog.evaluate((element) => element.contains(document.activeElement)),
        `focus inside the dialog after ${press + 1} x ${key}`,
      ).toBe(true);
    }
  }
}

test.describe('keyboard only', () => {
  // The failed list answers 500, which the browser logs; the preview frame refuses scripts.
  test.use({
    allowConsoleErrors:
      /401 \(Unauthorized\)|500 \(Internal Server Error\)|Blocked script execution in 'about:srcdoc'/,
  });

  test('after sign-in every dashboard control is reached and operated from the keyboard', async ({
    signedIn: page,
  }) => {
    test.setTimeout(120_000);
    const prefix = `kbd${Date.now()}-`;
    const emails = numberedEmails(prefix, 12);
    seedSignups(emails.map((email) => ({ email })));
    const signups = signupsPanel(page);

    // Tabs: one stop in the tab order, arrow keys move between them and open them.
    const signupsTab = page.getByRole('tab', { name: 'Signups' });
    await reach(page, signupsTab);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'User Management' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'User Management' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expectFocusRing(page);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Email Testing' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    // End opens the last view, the mail queue; Home the first.
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Mail queue' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Mail queue' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.keyboard.press('Home');
    await expect(signupsTab).toBeFocused();
    await expect(signupsTab).toHaveAttribute('aria-selected', 'true');

    // Search: the next stop after the tabs.
    await page.keyboard.press('Tab');
    await expect(searchBox(page)).toBeFocused();
    await expectFocusRing(page);
    await page.keyboard.type(prefix);
    await expect(signups.getByRole('heading', { level: 2 })).toHaveText(
      `Signups(10 of 12 matching "${prefix}")`,
    );

    // Paging: focus stays on the pager while the next page loads and at the last page.
    const pager = page.getByRole('navigation', { name: 'Signups pages' });
    const next = pager.getByRole('button', { name: 'Next' });
    const previous = pager.getByRole('button', { name: 'Previous' });
    // Past the list's tools and each row's check box, address and action.
    await reach(page, next, false, 60);
    await page.keyboard.press('Enter');
    await expect(pager).toContainText('11–12 of 12');
    await expect(signups.getByRole('row').filter({ hasText: emails[0]! })).toBeVisible();
    await expect(next).toBeFocused();
    await expect(next).toBeDisabled();
    await reach(page, previous, true);
    await page.keyboard.press('Space');
    await expect(pager).toContainText('1–10 of 12');
    await expect(previous).toBeFocused();

    // The add dialog: focus moves in, stays in, and comes back to the row's button.
    const email = emails[11]!;
    const row = signups.getByRole('row').filter({ hasText: email });
    const add = row.getByRole('button', { name: `Add ${email} to the whitelist` });
    await reach(page, add, true);
    await page.keyboard.press('Enter');
    const dialog = addDialog(page);
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await expectFocusRing(page);
    await expectFocusTrapped(page, dialog, 4);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(add).toBeFocused();
    await expectFocusRing(page);

    // Shift+Tab from the first button wraps round to Cancel, the last one.
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: /^Send Early Access Email/ })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectFocusRing(page);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(add).toBeFocused();

    await page.keyboard.press('Enter');
    await reach(page, dialog.getByRole('button', { name: 'Skip Email & Add to Whitelist Only' }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Whitelisted');
    await expect(row).not.toContainText('Not Whitelisted');

    // Focus rests on the confirmation, where a second Enter changes nothing; the row's new
    // Remove button is one Shift+Tab back.
    const notice = page.getByTestId('whitelist-notice');
    await expect(notice).toContainText(`Added ${email} to the whitelist.`);
    await expect(notice).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(row).not.toContainText('Not Whitelisted');
    const remove = row.getByRole('button', { name: `Remove ${email} from the whitelist` });
    await page.keyboard.press('Shift+Tab');
    await expect(remove).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(row).toContainText('Not Whitelisted');
    await expect(add).toBeFocused();

    // The error banner's dismiss button, after a list fails to load.
    await page.route('**/api/admin/users*', (route) =>
      route.fulfill({ status: 500, json: { message: 'The database is not answering' } }),
    );
    await reach(page, signupsTab, true);
    await page.keyboard.press('ArrowRight');
    const banner = errorBanner(page);
    await expect(banner).toContainText('The database is not answering');
    await reach(page, banner.getByRole('button', { name: 'Dismiss error' }), true);
    await page.keyboard.press('Enter');
    await expect(banner).toBeHidden();

    // Email Testing: choose a template with the arrow keys, type an address, send.
    await reach(page, page.getByRole('tab', { name: 'User Management' }));
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Email Testing' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const template = page.getByLabel('Template', { exact: true });
    await reach(page, template);
    const firstTemplate = await template.inputValue();
    await page.keyboard.press('ArrowDown');
    await expect(template).not.toHaveValue(firstTemplate);
    await reach(page, page.getByLabel('Test email address'));
    await page.keyboard.type(uniqueEmail('admin-keyboard'));
    await reach(page, page.getByRole('button', { name: 'Send Test Email' }));
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: 'Email Sent Successfully!' }),
    ).toBeVisible();

    // A template card: select it with Space, open and close its preview with Enter.
    const unselected = page
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: 'Select', exact: true }) })
      .first();
    const name = (await unselected.getByRole('heading').textContent()) ?? '';
    const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
    const select = card.getByRole('button', { name: 'Select', exact: true });
    await reach(page, select);
    await page.keyboard.press('Space');
    await expect(card.getByRole('button', { name: 'Selected' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const preview = card.getByRole('button', { name: /^Show preview of/ });
    await reach(page, preview);
    await page.keyboard.press('Enter');
    await expect(card.getByText('Sample data used')).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(card.getByText('Sample data used')).toBeHidden();

    // Sign out, back up the page.
    await reach(page, page.getByRole('button', { name: 'Sign Out' }), true);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  });
});
