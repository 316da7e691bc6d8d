import type { BrowserContext, Page } from '@playwright/test';
import { startTestSmtpServer } from '../../src/server/test/test-smtp-server.ts';
import { ADMIN_EMAIL, expectDashboard } from './admin.ts';
import { startAdminSession } from './admin-data.ts';
import { E2E_DEPLOYMENT_SETTINGS, E2E_ORIGIN, E2E_SQLITE_PATH } from './environment.ts';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { expect, gotoHydrated, test as base, watchConsoleErrors } from './fixtures.ts';
import { freePort, startServer } from './server-process.ts';

/**
 * Another deployment of the service where only `adminEmail` is allow-listed: `secondDeployment`
 * on the same database (as after a configuration change), `refusingMailDeployment` on a
 * database of its own whose mail goes to an SMTP server that refuses every recipient (550).
 * Instances on one database share one mail outbox, so either may send any queued mail: one with
 * a refusing mail server would refuse the other's mail too.
 */
export interface SecondDeployment {
  origin: string;
  adminEmail: string;
  /** Its database file, for seeding rows. */
  sqlitePath: string;
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
  { secondDeployment: SecondDeployment; refusingMailDeployment: SecondDeployment }
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
      const adminEmail = 'second-admin@reelscore.local';
      // Same database, public address and (like the first) the local mail catcher: instances
      // on one database share one mail outbox, and either may render and send any queued mail.
      const server = await startServer(await freePort(), {
        ...E2E_DEPLOYMENT_SETTINGS,
        ADMIN_EMAILS: adminEmail,
        PUBLIC_URL: E2E_ORIGIN,
      });
      try {
        await use({ origin: server.origin, adminEmail, sqlitePath: E2E_SQLITE_PATH });
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker' },
  ],

  refusingMailDeployment: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from it
    async ({}, use) => {
      const smtp = await startTestSmtpServer();
      smtp.reset('reject-550');
      const adminEmail = 'second-admin@reelscore.local';
      const sqlitePath = E2E_SQLITE_PATH.replace(
        /\.db$/,
        `-refusing-${randomBytes(4).toString('hex')}.db`,
      );
      const server = await startServer(await freePort(), {
        SQLITE_PATH: sqlitePath,
        ADMIN_EMAILS: adminEmail,
        SMTP_URL: smtp.url,
      });
      try {
        await use({ origin: server.origin, adminEmail, sqlitePath });
      } finally {
        await server.stop();
        await smtp.close();
        for (const suffix of ['', '-wal', '-shm'])
          rmSync(`${sqlitePath}${suffix}`, { force: true });
      }
    },
    { scope: 'worker' },
  ],
});

export { expect };
