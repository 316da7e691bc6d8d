import type { Page } from '@playwright/test';
import type { UsersResponse } from '../src/contract/admin.ts';
import { axeViolations, expectDashboard, searchBox, viewTab } from './support/admin.ts';
import { seedSignups, startAdminSession } from './support/admin-data.ts';
import { expect, test as base } from './support/admin-fixtures.ts';
import { caughtMailTo } from './support/database.ts';
import { Effort } from './support/effort.ts';
import { E2E_DEPLOYMENT_SETTINGS } from './support/environment.ts';
import { gotoHydrated } from './support/fixtures.ts';
import { startServer } from './support/server-process.ts';

/**
 * The keyboard way in: `/` puts the cursor in the lists' search from any view, and Ctrl+K opens
 * a command menu that finds a person by address, whitelists them with the invitation in at most
 * two clicks after the address is typed, opens any view and starts the common actions; Escape
 * closes it and gives the focus back. A viewer is offered nothing they cannot do.
 */

const INVITATION_SUBJECT = 'You’re in: your ReelScore early access is ready';
const SEND = 'Send Early Access Email & Add to Whitelist';
const VIEWER = 'menu-viewer@reelscore.local';

const WIDTHS = [
  { width: 360, height: 740 },
  { width: 768, height: 1024 },
  { width: 1440, height: 900 },
];

function commandMenu(page: Page) {
  return page.getByRole('dialog', { name: 'Command menu' });
}

/** The menu's item for a person (its name starts with the address): it opens their panel. */
function personItem(page: Page, email: string) {
  return commandMenu(page).getByRole('option', {
    name: new RegExp(`^${email.replaceAll('.', '\\.')}`),
  });
}

/** The menu's item for a change to a person, just under them. */
function personAction(
  page: Page,
  action: 'Whitelist and send the invitation' | 'Remove from whitelist',
  email: string,
) {
  return commandMenu(page).getByRole('option', { name: `${action} for ${email}`, exact: true });
}

function personPanel(page: Page, email: string) {
  return page.getByRole('dialog', { name: email });
}

/** The list's row of an address (its address cell, not a notice about it). */
function listRow(page: Page, email: string) {
  return page
    .getByRole('tabpanel')
    .getByRole('row')
    .filter({ has: page.locator(`[title="${email}"]`) });
}

/** What the server says of an address: on the whitelist or not. */
async function isWhitelisted(page: Page, email: string): Promise<boolean | undefined> {
  const answer = await page.request.get(`/api/admin/users?search=${encodeURIComponent(email)}`);
  const { users } = (await answer.json()) as UsersResponse;
  return users.find((user) => user.email === email)?.isWhitelisted;
}

/** One address of a test of its own, confirmed and not on the whitelist. */
function seedPerson(label: string): string {
  const email = `cmdk-${label}-${Date.now()}@example.com`;
  seedSignups([{ email, confirmedAt: new Date('2024-01-02T00:00:00Z') }]);
  return email;
}

const test = base.extend<object, { viewerOrigin: string }>({
  /** An instance on the journeys' database where VIEWER is a viewer (read-only). */
  viewerOrigin: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from it
    async ({}, use) => {
      const server = await startServer(undefined, {
        ...E2E_DEPLOYMENT_SETTINGS,
        ADMIN_EMAILS: 'admin@reelscore.local',
        VIEWER_EMAILS: VIEWER,
      });
      try {
        await use(server.origin);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker' },
  ],
});

for (const { width, height } of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height });
    });

    test('/ puts the cursor in the search from any view, and a / typed in a field stays there', async ({
      signedIn: page,
    }) => {
      await page.keyboard.press('/');
      await expect(searchBox(page)).toBeFocused();
      await page.keyboard.type('a/b');
      await expect(searchBox(page)).toHaveValue('a/b');
      await searchBox(page).fill('');

      // From a view without the search, Signups opens with the cursor in it.
      await viewTab(page, 'Funnel').click();
      await expect(searchBox(page)).toHaveCount(0);
      await page.keyboard.press('/');
      await expect(viewTab(page, 'Signups')).toHaveAttribute('aria-selected', 'true');
      await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBeNull();
      await expect(searchBox(page)).toBeFocused();
    });

    test('Ctrl+K finds a person by part of the address and whitelists them with the invitation in two clicks after the typing', async ({
      signedIn: page,
    }) => {
      const email = seedPerson(`mouse${width}`);
      const part = email.slice(0, email.indexOf('@'));
      const effort = new Effort(page);

      await effort.press('Control+K');
      const menu = commandMenu(page);
      await expect(menu).toBeVisible();
      await expect(menu.getByRole('combobox')).toBeFocused();
      await effort.type(part);

      // The person, with their whitelist and confirmation state, and the change just under.
      const person = personItem(page, email);
      await expect(person).toBeVisible();
      await expect(person).toContainText('Not Whitelisted');
      await expect(person).toContainText('Confirmed');
      const invite = personAction(page, 'Whitelist and send the invitation', email);
      await expect(invite).toBeVisible();
      await expect(personAction(page, 'Remove from whitelist', email)).toHaveCount(0);
      expect(await axeViolations(page), 'axe with the person found').toEqual([]);

      const typed = effort.now();
      await effort.click(invite);
      await expect(menu.getByText(email)).toBeVisible();
      expect(await axeViolations(page), 'axe on the confirm').toEqual([]);
      await effort.click(menu.getByRole('button', { name: SEND }));
      await expect(menu).toBeHidden();

      expect(effort.since(typed), 'after typing the address').toEqual({ clicks: 2, keys: 0 });
      await expect.poll(() => isWhitelisted(page, email)).toBe(true);
      await expect
        .poll(() => caughtMailTo(email).map((mail) => mail.subject))
        .toEqual([INVITATION_SUBJECT]);

      // The list agrees, and the menu now offers the way back.
      await searchBox(page).fill(email);
      const row = listRow(page, email);
      await expect(row).toContainText('Whitelisted');
      await expect(row).not.toContainText('Not Whitelisted');
      await page.keyboard.press('Control+K');
      await page.keyboard.type(part);
      await expect(personItem(page, email)).toContainText('Whitelisted');
      await expect(personAction(page, 'Remove from whitelist', email)).toBeVisible();
      await expect(personAction(page, 'Whitelist and send the invitation', email)).toHaveCount(0);
      await page.keyboard.press('Escape');
    });

    test('choosing a person opens their panel, named in the address; closing it gives the focus back', async ({
      signedIn: page,
    }) => {
      const email = seedPerson(`panel${width}`);
      // Opened from the search box: that is where the focus comes back to.
      await page.keyboard.press('/');
      await page.keyboard.press('Control+K');
      await page.keyboard.type(email);
      const person = personItem(page, email);
      await expect(person).toHaveAttribute('aria-selected', 'true');
      await expect(person).toContainText('Open');
      await page.keyboard.press('Enter');

      await expect(commandMenu(page)).toBeHidden();
      const panel = personPanel(page, email);
      await expect(panel.getByRole('list', { name: 'State' })).toContainText('Confirmed');
      await expect(panel.getByRole('list', { name: 'State' })).toContainText('Not Whitelisted');
      await expect(panel.getByRole('button', { name: 'Add to Whitelist' })).toBeVisible();
      expect(new URL(page.url()).searchParams.get('person')).toBe(email);
      expect(await axeViolations(page), 'axe with the panel open').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(panel).toHaveCount(0);
      await expect(page).not.toHaveURL(/person=/);
      await expect(searchBox(page)).toBeFocused();

      // With the pointer, from another view: one click on the person; Back puts the panel away.
      await viewTab(page, 'Funnel').click();
      await page.keyboard.press('Control+K');
      await page.keyboard.type(email.slice(0, email.indexOf('@')));
      await personItem(page, email).click();
      await expect(panel).toBeVisible();
      // The view stays under the panel (hidden from assistive technology while it is open).
      expect(new URL(page.url()).searchParams.get('tab')).toBe('funnel');
      await page.goBack();
      await expect(panel).toHaveCount(0);
      await expect(viewTab(page, 'Funnel')).toHaveAttribute('aria-selected', 'true');
    });

    test('from the keyboard alone: type the address, Down to the invitation, Enter, Enter on the confirm', async ({
      signedIn: page,
    }) => {
      const email = seedPerson(`keys${width}`);
      const effort = new Effort(page);
      await effort.press('Control+K');
      await effort.type(email);
      // The first match is chosen as it arrives (Enter would open it); its change is just under.
      await expect(personItem(page, email)).toHaveAttribute('aria-selected', 'true');
      await effort.press('ArrowDown');
      const invite = personAction(page, 'Whitelist and send the invitation', email);
      await expect(invite).toHaveAttribute('aria-selected', 'true');
      await effort.press('Enter');
      await expect(commandMenu(page).getByRole('button', { name: SEND })).toBeFocused();
      await effort.press('Enter');
      await expect(commandMenu(page)).toBeHidden();

      expect(effort.clicks).toBe(0);
      expect(effort.keys).toBe(email.length + 4);
      await expect.poll(() => isWhitelisted(page, email)).toBe(true);
      await expect
        .poll(() => caughtMailTo(email).map((mail) => mail.subject))
        .toEqual([INVITATION_SUBJECT]);

      // A whitelisted person is taken off from the menu, with no mail.
      await page.keyboard.press('Control+K');
      await page.keyboard.type(email);
      await expect(personItem(page, email)).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('ArrowDown');
      await expect(personAction(page, 'Remove from whitelist', email)).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await page.keyboard.press('Enter');
      await expect(commandMenu(page)).toBeHidden();
      await expect.poll(() => isWhitelisted(page, email)).toBe(false);
      expect(caughtMailTo(email)).toHaveLength(1);
    });

    test.describe('when the mail service fails', () => {
      // The refused send answers 500, which the browser logs.
      test.use({ allowConsoleErrors: /401 \(Unauthorized\)|500 \(Internal Server Error\)/ });

      test('a failed invitation stays in the menu, naming the address, and Enter tries again; nothing found says so', async ({
        signedIn: page,
      }) => {
        const email = seedPerson(`fails${width}`);
        let refusals = 1;
        await page.route('**/api/email/early-access', async (route) => {
          if (refusals-- > 0) {
            await route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: JSON.stringify({ message: 'The mail service is down' }),
            });
          } else {
            await route.fallback();
          }
        });
        await page.keyboard.press('Control+K');
        await page.keyboard.type(email);
        await expect(personItem(page, email)).toHaveAttribute('aria-selected', 'true');
        await page.keyboard.press('ArrowDown');
        await page.keyboard.press('Enter');
        const send = commandMenu(page).getByRole('button', { name: SEND });
        await page.keyboard.press('Enter');
        const alert = commandMenu(page).getByRole('alert');
        await expect(alert).toHaveText(`${email}: The mail service is down`);
        await expect(send).toBeFocused();
        expect(await axeViolations(page), 'axe with the failure').toEqual([]);
        expect(await isWhitelisted(page, email)).toBe(false);

        await page.keyboard.press('Enter');
        await expect(commandMenu(page)).toBeHidden();
        await expect.poll(() => isWhitelisted(page, email)).toBe(true);
        await expect
          .poll(() => caughtMailTo(email).map((mail) => mail.subject))
          .toEqual([INVITATION_SUBJECT]);

        // Nothing of the dashboard, nobody's address: the menu says so.
        await page.keyboard.press('Control+K');
        await page.keyboard.type('zz-nobody-zz');
        await expect(commandMenu(page).getByText('Nothing matches “zz-nobody-zz”.')).toBeVisible();
        expect(await axeViolations(page), 'axe with nothing found').toEqual([]);
      });
    });

    test('a view is one choice away and the address names it; Escape closes and gives the focus back', async ({
      signedIn: page,
    }) => {
      // Opened from the search box, closed with Escape: the cursor is back in the search.
      await page.keyboard.press('/');
      await expect(searchBox(page)).toBeFocused();
      await page.keyboard.press('Control+K');
      await expect(commandMenu(page)).toBeVisible();
      expect(await axeViolations(page), 'axe with the menu open').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(commandMenu(page)).toBeHidden();
      await expect(searchBox(page)).toBeFocused();

      // Opened by its button in the header: the button has the focus back.
      const button = page.getByRole('button', { name: /^Search/ }).filter({ visible: true });
      await button.click();
      await expect(commandMenu(page)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(commandMenu(page)).toBeHidden();
      await expect(button).toBeFocused();

      // A view by name: the address names it, the focus is in it.
      await page.keyboard.press('Control+K');
      await page.keyboard.type('audit');
      await expect(commandMenu(page).getByRole('option', { name: /^Audit log/ })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await page.keyboard.press('Enter');
      await expect(commandMenu(page)).toBeHidden();
      await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('audit');
      await expect(viewTab(page, 'Audit log')).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel')).toBeFocused();

      // The mail queue, by its action; Back returns to the view before.
      await page.keyboard.press('Control+K');
      await commandMenu(page)
        .getByRole('option', { name: /^Open mail queue/ })
        .click();
      await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('mail');
      await page.goBack();
      await expect(viewTab(page, 'Audit log')).toHaveAttribute('aria-selected', 'true');
    });

    test('"Invite the next 100" opens the invite waves with the form ready: Enter previews', async ({
      signedIn: page,
    }) => {
      await page.keyboard.press('Control+K');
      await page.keyboard.type('next 100');
      await expect(commandMenu(page).getByRole('option')).toHaveCount(1);
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('waves');
      const count = page.getByLabel('How many people');
      await expect(count).toBeFocused();
      await expect(count).toHaveValue('100');
      await expect(page.getByLabel('Invite the next people')).toBeChecked();
      // Enter asks for the wave's preview; nobody is mailed before its own confirm.
      const preview = page.waitForResponse(
        (response) =>
          response.url().endsWith('/api/admin/waves/preview') &&
          response.request().method() === 'POST',
      );
      await page.keyboard.press('Enter');
      expect((await preview).ok()).toBe(true);
    });

    test('a viewer finds people, opens their panel and views, and is offered no change', async ({
      page,
      viewerOrigin,
    }) => {
      const email = seedPerson(`viewer${width}`);
      await startAdminSession(page.context(), { email: VIEWER, displayName: 'Viewer' });
      await gotoHydrated(page, `${viewerOrigin}/admin`);
      await page.getByRole('button', { name: 'Decline' }).click();
      await expectDashboard(page);

      await page.keyboard.press('Control+K');
      const menu = commandMenu(page);
      await expect(menu.getByRole('option', { name: /^Export CSV/ })).toBeVisible();
      await expect(menu.getByRole('option', { name: /^Open mail queue/ })).toBeVisible();
      await expect(menu.getByText('Invite the next 100')).toHaveCount(0);
      for (const hidden of ['Email Testing', 'Privacy requests', 'Integrations']) {
        await expect(menu.getByRole('option', { name: new RegExp(`^${hidden}`) })).toHaveCount(0);
      }
      // A person found opens their panel, with no change offered, in the menu or in the panel.
      await page.keyboard.type(email);
      const person = personItem(page, email);
      await expect(person).toHaveAttribute('aria-selected', 'true');
      await expect(menu.getByText(/Whitelist and send|Remove from whitelist/)).toHaveCount(0);
      expect(await axeViolations(page), 'axe with the viewer’s menu').toEqual([]);
      await page.keyboard.press('Enter');
      await expect(menu).toBeHidden();
      const panel = personPanel(page, email);
      await expect(panel.getByRole('list', { name: 'State' })).toContainText('Confirmed');
      await expect(panel.getByRole('button', { name: /Whitelist|Remove|Erase/ })).toHaveCount(0);
      expect(await axeViolations(page), 'axe with the viewer’s panel').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(panel).toHaveCount(0);

      // Every match in a list: from a view without one, User Management, which holds everyone.
      await viewTab(page, 'Funnel').click();
      await page.keyboard.press('Control+K');
      await page.keyboard.type(email);
      await menu.getByRole('option', { name: /^Show every match for/ }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('tab')).toBe('users');
      await expect(searchBox(page)).toBeFocused();
      await expect(searchBox(page)).toHaveValue(email);
      await expect(listRow(page, email)).toBeVisible();
    });
  });
}
