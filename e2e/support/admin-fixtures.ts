import type { BrowserContext, Page } from '@playwright/test';
import { startTestSmtpServer } from '../../src/server/features/email/test-smtp-server.ts';
import { ADMIN_EMAIL, expectDashboard } from './admin.ts';
import { startAdminSession } from './admin-data.ts';
import { E2E_SQLITE_PATH } from './environment.ts';
import { expect, gotoHydrated, test as base, watchConsoleErrors } from './fixtures.ts';
import { freePort, startServer } from './server-process.ts';

/**
 * A second instance of the service on the same database, as after a configuration change:
 * only `adminEmail` is allow-listed, and its mail goes to an SMTP server that refuses every
 * recipient (550).
 */
export interface SecondDeployment {
  origin: string;
  adminEmail: string;
}

/** Signs the browser in as the local admin and opens the dashboard, analytics declined. */
async function openAsAdmin(page: Page, context: BrowserContext) {
  await startAdminSession(context, { email: ADMIN_EMAIL, displayName: 'Local Admin' });
  await gotoHydrated(page, '/admin');
  await page.getByRole('button', { name: 'Decline' }).click();
  await expectDashboard(page);
}

export const test = base.extend<
  { signedIn: Page; adminDashboard: Page },
  { secondDeployment: SecondDeployment }
>({
  // Asking for the session while signed out answers 401, which the browser logs. (A plain value
  // keeps the option: test.use() still sets it.)
  allowConsoleErrors: /401 \(Unauthorized\)/,

  /**
   * The dashboard, signed in as the local admin (a session made as sign-in makes one; the
   * popup itself has its own tests), analytics declined.
   */
  signedIn: async ({ page, context }, use) => {
    await openAsAdmin(page, context);
    await use(page);
  },

  /**
   * The same dashboard in a browser of its own, so an admin can watch the lists while `page`
   * stays a visitor's browser, without the admin's session.
   */
  adminDashboard: async ({ browser, allowConsoleErrors }, use) => {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      const problems = watchConsoleErrors(page, allowConsoleErrors);
      await openAsAdmin(page, context);
      await use(page);
      expect(problems, 'console errors in the admin’s page').toEqual([]);
    } finally {
      await context.close();
    }
  },

  secondDeployment: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from it
    async ({}, use) => {
      const smtp = await startTestSmtpServer();
      smtp.reset('reject-550');
      const adminEmail = 'second-admin@reelscore.local';
      const server = await startServer(await freePort(), {
        SQLITE_PATH: E2E_SQLITE_PATH,
        ADMIN_EMAILS: adminEmail,
        SMTP_URL: smtp.url,
      });
      try {
        await use({ origin: server.origin, adminEmail });
      } finally {
        await server.stop();
        await smtp.close();
      }
    },
    { scope: 'worker' },
  ],
});

export { expect };
