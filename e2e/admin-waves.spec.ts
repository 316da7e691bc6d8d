import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import SQLite from 'better-sqlite3';
import {
  ADMIN_EMAIL,
  axeViolations,
  expectDashboard,
  openView,
  signupsPanel,
} from './support/admin.ts';
import { numberedEmails, seedSignups } from './support/admin-data.ts';
import { E2E_SQLITE_PATH } from './support/environment.ts';
import { expect, gotoHydrated, test } from './support/fixtures.ts';
import { atEachWidth } from './support/screens.ts';
import { freePort, startServer } from './support/server-process.ts';
import { startTestSmtpServer } from '../src/server/test/test-smtp-server.ts';

const INVITATION_SUBJECT = 'You’re in: your ReelScore early access is ready';
const WAVE_SIZE = 30;
/** Screenshots for people to look at; never part of the repository. */
const SHOTS = process.env.WAVE_SHOTS_DIR;

/** A deployment of its own, on a database of its own, whose restart the test controls. */
async function ownDeployment(extra: Record<string, string> = {}) {
  const port = await freePort();
  const sqlitePath = E2E_SQLITE_PATH.replace(
    /\.db$/,
    `-waves-${randomBytes(4).toString('hex')}.db`,
  );
  // Slow enough that the wave is still leaving when the service restarts.
  const env = {
    SQLITE_PATH: sqlitePath,
    ADMIN_EMAILS: ADMIN_EMAIL,
    MAIL_RATE_PER_SECOND: '2',
    ...extra,
  };
  let server = await startServer(port, env);
  return {
    origin: server.origin,
    sqlitePath,
    async restart() {
      await server.stop();
      server = await startServer(port, env);
    },
    async stop() {
      await server.stop();
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${sqlitePath}${suffix}`, { force: true });
    },
  };
}

function withDatabase<T>(path: string, work: (database: SQLite.Database) => T): T {
  const database = new SQLite(path, { fileMustExist: true, timeout: 5000 });
  try {
    return work(database);
  } finally {
    database.close();
  }
}

/** A session of the admin in that deployment's database, and its cookie in the browser. */
async function signInTo(
  context: BrowserContext,
  sqlitePath: string,
  origin: string,
  email = ADMIN_EMAIL,
) {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  withDatabase(sqlitePath, (database) =>
    database
      .prepare(
        `insert into admin_sessions
           (token_hash, uid, email, display_name, photo_url, created_at, last_seen_at, expires_at)
         values (?, ?, ?, ?, null, ?, ?, ?)`,
      )
      .run(
        createHash('sha256').update(token).digest('base64url'),
        `e2e-${email}`,
        email,
        'Local Admin',
        now.toISOString(),
        now.toISOString(),
        new Date(now.getTime() + 3_600_000).toISOString(),
      ),
  );
  await context.addCookies([
    {
      name: '__Host-reelscore_session',
      value: token,
      domain: new URL(origin).hostname,
      path: '/',
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
    },
  ]);
}

/** How many invitations each address received at the deployment's local mail catcher. */
function invitationsPerAddress(sqlitePath: string): Map<string, number> {
  const rows = withDatabase(sqlitePath, (database) =>
    database
      .prepare(
        'select to_address as address, count(*) as count from caught_mail where subject = ? group by to_address',
      )
      .all(INVITATION_SUBJECT),
  ) as { address: string; count: number }[];
  return new Map(rows.map((row) => [row.address, row.count]));
}

async function shoot(page: Page, name: string, region = 'Invite waves', widths = [360, 768, 1440]) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    // The region's top just below the sticky navigation bar.
    await page
      .getByRole('region', { name: region })
      .evaluate((element) =>
        window.scrollTo(0, element.getBoundingClientRect().top + scrollY - 72),
      );
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('invite waves', () => {
  // While the service restarts, the page's reads of the waves fail to connect, as they would.
  test.use({ allowConsoleErrors: /ERR_CONNECTION_REFUSED|503 \(Service Unavailable\)/ });

  test('an admin previews a wave of the next confirmed people, starts it, and follows its mail live through a restart of the service; each person gets one invitation', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const deployment = await ownDeployment();
    try {
      const people = numberedEmails(`wave-${randomBytes(3).toString('hex')}-`, WAVE_SIZE + 5);
      const confirmedAt = new Date('2024-01-02T00:00:00Z');
      seedSignups(
        [
          // Not confirmed: never in a wave.
          { email: 'pending-wave@example.com' },
          ...people.map((email) => ({ email, confirmedAt })),
        ],
        // Just before now: inside the funnel's period.
        new Date(),
        deployment.sqlitePath,
      );
      await signInTo(context, deployment.sqlitePath, deployment.origin);
      await gotoHydrated(page, `${deployment.origin}/admin`);
      await page.getByRole('button', { name: 'Decline' }).click();
      await expectDashboard(page);
      await openView(page, 'Invite waves');

      const panel = page.getByRole('region', { name: 'Invite waves' });
      await expect(panel.getByText('No waves yet.')).toBeVisible();
      await panel.getByLabel('How many people').fill(String(WAVE_SIZE));
      await panel.getByRole('button', { name: 'Preview wave' }).click();
      await expect(
        panel.getByText(
          `${WAVE_SIZE} people will be added to the whitelist and get the invitation.`,
        ),
      ).toBeVisible();
      // The oldest signups first, and how many more.
      await expect(panel.getByRole('listitem').first()).toHaveText(people[0]!);
      await expect(panel.getByText(`and ${WAVE_SIZE - 10} more.`)).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, 'preview');

      await panel.getByRole('button', { name: `Invite ${WAVE_SIZE} people` }).click();
      await expect(panel.getByRole('status').filter({ hasText: 'Invite wave started' })).toHaveText(
        `Invite wave started: ${WAVE_SIZE} people, their mail is queued.`,
      );
      const progress = panel.getByRole('progressbar');
      await expect(progress).toBeVisible();
      const counts = panel.locator('[aria-live="polite"]').last();
      // Part of the wave has left, part is still queued: restart the service now.
      await expect(counts).toHaveText(/^([1-9]\d*) sent · ([1-9]\d*) queued · 0 failed$/);
      await shoot(page, 'sending', 'Invite waves', [1440]);
      await deployment.restart();
      // After the restart the page still shows the wave part-way, read from the database.
      await expect(counts).toHaveText(/^([1-9]\d*) sent · ([1-9]\d*) queued · 0 failed$/);
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, 'progress');

      // The page keeps polling; the wave's progress comes from the database and completes.
      await expect(counts).toHaveText(`${WAVE_SIZE} sent · 0 queued · 0 failed`, {
        timeout: 60_000,
      });
      await expect(progress).toHaveAttribute('aria-valuenow', '100');
      await shoot(page, 'done');
      // The funnel counts the wave: invited once the invitation was delivered.
      await openView(page, 'Funnel');
      const funnel = page.getByRole('region', { name: 'Funnel' });
      await expect(funnel.getByRole('img', { name: /^Funnel: / })).toHaveAccessibleName(
        new RegExp(`Invited ${WAVE_SIZE} · `),
      );
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, 'funnel', 'Funnel');
      const received = invitationsPerAddress(deployment.sqlitePath);
      expect([...received.keys()].sort()).toEqual(people.slice(0, WAVE_SIZE).sort());
      expect([...received.values()].every((count) => count === 1)).toBe(true);

      // The next wave starts where this one ended.
      await openView(page, 'Invite waves');
      await panel.getByLabel('How many people').fill('100');
      await panel.getByRole('button', { name: 'Preview wave' }).click();
      await expect(
        panel.getByText('5 people will be added to the whitelist and get the invitation.'),
      ).toBeVisible();
      await expect(panel.getByRole('listitem').first()).toHaveText(people[WAVE_SIZE]!);
    } finally {
      await deployment.stop();
    }
  });

  test('failed invitations are retried from the panel, once each; a viewer follows the waves and is offered no change', async ({
    page,
    context,
    browser,
  }) => {
    test.setTimeout(120_000);
    const smtp = await startTestSmtpServer();
    smtp.reset('reject-550');
    const viewer = 'onlooker@reelscore.local';
    const deployment = await ownDeployment({
      SMTP_URL: smtp.url,
      VIEWER_EMAILS: viewer,
      MAIL_RATE_PER_SECOND: '0',
    });
    try {
      const people = numberedEmails(`refused-${randomBytes(3).toString('hex')}-`, 3);
      seedSignups(
        people.map((email) => ({ email, confirmedAt: new Date() })),
        new Date(),
        deployment.sqlitePath,
      );
      await signInTo(context, deployment.sqlitePath, deployment.origin);
      await gotoHydrated(page, `${deployment.origin}/admin`);
      await page.getByRole('button', { name: 'Decline' }).click();
      await expectDashboard(page);
      await openView(page, 'Invite waves');
      const panel = page.getByRole('region', { name: 'Invite waves' });
      await panel.getByLabel('How many people').fill('3');
      await panel.getByRole('button', { name: 'Preview wave' }).click();
      await panel.getByRole('button', { name: 'Invite 3 people' }).click();
      const counts = panel.locator('[aria-live="polite"]').last();
      await expect(counts).toHaveText('0 sent · 0 queued · 3 failed', { timeout: 30_000 });
      const retry = panel.getByRole('button', { name: /^Retry 3 failed of the invite wave/ });
      await expect(retry).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await shoot(page, 'failed');

      smtp.reset('accept');
      await retry.click();
      await expect(panel.getByRole('status').filter({ hasText: 'queued again' })).toHaveText(
        '3 people queued again.',
      );
      await expect(counts).toHaveText('3 sent · 0 queued · 0 failed', { timeout: 30_000 });
      await expect(retry).toHaveCount(0);
      expect(smtp.received.map((mail) => mail.envelopeTo[0]).sort()).toEqual([...people].sort());

      // A viewer sees the wave and its progress, and neither the form nor Retry.
      const viewerContext = await browser.newContext();
      try {
        const viewerPage = await viewerContext.newPage();
        await signInTo(viewerContext, deployment.sqlitePath, deployment.origin, viewer);
        await gotoHydrated(viewerPage, `${deployment.origin}/admin`);
        await viewerPage.getByRole('button', { name: 'Decline' }).click();
        await expectDashboard(viewerPage);
        await openView(viewerPage, 'Invite waves');
        const seen = viewerPage.getByRole('region', { name: 'Invite waves' });
        await expect(seen.locator('[aria-live="polite"]').last()).toHaveText(
          '3 sent · 0 queued · 0 failed',
        );
        await expect(seen.getByRole('button')).toHaveCount(0);
        await expect(seen.getByLabel('How many people')).toHaveCount(0);
        expect(await axeViolations(viewerPage)).toEqual([]);
      } finally {
        await viewerContext.close();
      }
    } finally {
      await deployment.stop();
      await smtp.close();
    }
  });

  test('with nobody to invite a wave says why and what to do next, and a funnel without signups says what will show there', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    // A service of its own, where nobody has signed up yet.
    const deployment = await ownDeployment();
    try {
      await signInTo(context, deployment.sqlitePath, deployment.origin);
      await gotoHydrated(page, `${deployment.origin}/admin`);
      await page.getByRole('button', { name: 'Decline' }).click();
      await expectDashboard(page);

      // The funnel: no bare axes, but what will show and a longer period to look at.
      await openView(page, 'Funnel');
      const funnel = page.getByRole('region', { name: 'Funnel' });
      const empty = funnel.getByText('No signups in the last 30 days');
      await expect(empty).toBeVisible();
      await expect(funnel).toContainText('Once people sign up, each day’s signups show here');
      await expect(funnel.getByRole('img')).toHaveCount(0);
      await atEachWidth(page, 'funnel-empty', empty, async (width) => {
        expect(await axeViolations(page), `${width} px`).toEqual([]);
      });
      await funnel.getByRole('button', { name: 'Show the last 90 days' }).click();
      await expect(funnel.getByText('No signups in the last 90 days')).toBeVisible();
      await expect(funnel.getByLabel('Period')).toHaveValue('90');
      await expect(funnel.getByRole('button', { name: /Show the last/ })).toHaveCount(0);

      // A wave with nobody confirmed yet says so, and where the unconfirmed are.
      seedSignups([{ email: 'not-yet@example.com' }], new Date(), deployment.sqlitePath);
      await openView(page, 'Invite waves');
      const panel = page.getByRole('region', { name: 'Invite waves' });
      await panel.getByRole('button', { name: 'Preview wave' }).click();
      const why = panel.getByText('Nobody to invite yet: nobody has confirmed their address.');
      await expect(why).toBeVisible();
      await expect(panel).not.toContainText('on the whitelist already');
      await atEachWidth(page, 'wave-nobody-confirmed', why, async (width) => {
        expect(await axeViolations(page), `${width} px`).toEqual([]);
      });
      await panel.getByRole('link', { name: 'See who has not confirmed yet' }).click();
      await expect(page).toHaveURL(/\/admin\?confirmation=pending$/);
      await expect(
        signupsPanel(page).getByRole('row').filter({ hasText: 'not-yet@example.com' }),
      ).toBeVisible();

      // Everyone confirmed is in already: it says so, and offers the reminder instead.
      seedSignups(
        ['in-1@example.com', 'in-2@example.com'].map((email) => ({
          email,
          confirmedAt: new Date(),
          whitelisted: true,
        })),
        new Date(),
        deployment.sqlitePath,
      );
      await openView(page, 'Invite waves');
      await panel.getByRole('button', { name: 'Preview wave' }).click();
      const allIn = panel.getByText(
        'Nobody to invite: all 2 people who confirmed are on the whitelist already.',
      );
      await expect(allIn).toBeVisible();
      await atEachWidth(page, 'wave-all-in', allIn, async (width) => {
        expect(await axeViolations(page), `${width} px`).toEqual([]);
      });
      await panel.getByRole('button', { name: 'Remind invited people' }).click();
      await expect(panel.getByRole('radio', { name: 'Remind invited people' })).toBeChecked();
    } finally {
      await deployment.stop();
    }
  });

  test('public pages never download the chart code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    for (const path of ['/', '/pricing', '/about']) await gotoHydrated(page, path);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => /funnel-charts|recharts/.test(url))).toEqual([]);
  });
});
