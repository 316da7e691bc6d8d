import { createHash, randomBytes } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import pg from 'pg';
import { ADMIN_EMAIL, axeViolations, expectDashboard, openView } from './support/admin.ts';
import { uniqueEmail, type CaughtMail } from './support/database.ts';
import { expect, gotoHydrated, test } from './support/fixtures.ts';
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
  placeJourneys,
  placeOf,
  placeStat,
  sortByMostReferrals,
} from './support/line-journeys.ts';
import { postgresAvailable } from './support/postgres.ts';
import { keepShot } from './support/screens.ts';
import { startServer } from './support/server-process.ts';
import {
  createFreshPostgresDatabase,
  type FreshPostgresDatabase,
} from '../src/server/test/postgres-database.ts';
import { POSTGRES_URL } from '../src/server/test/databases.ts';

/**
 * The line and referrals (decision 0040) on PostgreSQL, on a server of its own over a fresh
 * database: the person's page and a friend who joins by its link; and referrals held when they
 * are confirmed (the owner in another spelling, a burst from the owner's network, whose
 * addresses a trusted proxy names), credited by an admin in the Referrals view, after which the
 * owner moves up and leads both lists sorted by referrals, and an invite wave takes the list's
 * first by place. The SQLite journeys (place-page.spec.ts, admin-referrals.spec.ts) look at
 * each width; here 1440 px. Their shared steps are in support/line-journeys.ts.
 */

test.describe.configure({ mode: 'default' });

let database: FreshPostgresDatabase | undefined;
let server: { origin: string; stop(): Promise<void> } | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  test.skip(!(await postgresAvailable()), 'PostgreSQL is not running here');
  database = await createFreshPostgresDatabase({
    serverUrl: POSTGRES_URL,
    prefix: 'reelscore_e2e_line',
  });
  server = await startServer(undefined, {
    DATABASE_URL: database.url,
    // Journeys sign up many times from one address; the limiter has its own tests.
    SIGNUP_RATE_LIMIT_MAX: '100000',
    // The referral journey's people come through a proxy on this machine that names them.
    TRUST_PROXY: '127.0.0.1',
  });
});

test.afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

function origin(): string {
  if (!server) throw new Error('the PostgreSQL server did not start');
  return server.origin;
}

/** One statement with parameters on the journey's database. */
async function query<Row extends object>(text: string, values: unknown[] = []): Promise<Row[]> {
  if (!database) throw new Error('no PostgreSQL database');
  const client = new pg.Client({ connectionString: database.url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const { confirm, signUpAndConfirm, friendJoins, placeAfterFriend } = placeJourneys({
  origin,
  mailTo: (address) =>
    query<CaughtMail>(
      'select subject, text from caught_mail where to_address = $1 order by received_at',
      [address.toLowerCase()],
    ),
});

/** Confirmed signups, one minute apart before `start`, as an import would add them. */
async function seedConfirmed(emails: string[], confirmedAt: Date, start = new Date()) {
  for (const [index, email] of emails.entries()) {
    const at = new Date(start.getTime() - (emails.length - index) * 60_000);
    await query(
      `insert into signups (id, email, program, source, created_at, last_signup_at, confirmed_at)
       values ($1, $2, 'CLOSED_ALPHA', 'e2e', $3, $3, $4)`,
      [`e2e-${email}`, email, at, confirmedAt],
    );
  }
}

/**
 * Someone signs up (by `referralUrl`, if given) and confirms in a browser of their own, behind a
 * proxy that names `ip` as their address; answers the link on their page.
 */
async function joinFrom(browser: Browser, ip: string, email: string, referralUrl?: string) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': ip } });
  const page = await context.newPage();
  try {
    await gotoHydrated(page, referralUrl ?? `${origin()}/signup`);
    const form = page.locator('[data-testid="signup"]').first();
    await form.getByLabel('Email address').fill(email);
    await form.getByTestId('signup-submit').click();
    await expect(form.getByText('Thanks for signing up!')).toBeVisible();
    await confirm(page, email);
    return await page.getByLabel('Your link').inputValue();
  } finally {
    await context.close();
  }
}

test('on PostgreSQL, a person confirms, lands on their page with place and link, and a friend who joins by it moves them up', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await seedConfirmed(
    Array.from({ length: 12 }, () => uniqueEmail('pg-ahead')),
    new Date(),
  );
  const email = uniqueEmail('pg-placed');
  const { place: before, referralUrl } = await signUpAndConfirm(page, email, 10);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
  expect(await axeViolations(page)).toEqual([]);
  await keepShot(page, 'place-postgres-1440');

  await friendJoins(browser, referralUrl, uniqueEmail('pg-friend'));

  // The "your place" mail leads back to the page, which now shows the friend.
  const after = await placeAfterFriend(page, email);
  expect(after).toBeLessThan(before);
  await expect(placeStat(page, 'Places gained')).toContainText(String(before - after));
  expect(await axeViolations(page)).toEqual([]);
});

/** The session cookie the server sets (src/server/features/auth/admin-guard.ts). */
const SESSION_COOKIE = '__Host-reelscore_session';

/** Signs the browser in as the local admin the way a finished sign-in leaves it. */
async function signInAsAdmin(page: Page) {
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await query(
    `insert into admin_sessions
       (token_hash, uid, email, display_name, photo_url, created_at, last_seen_at, expires_at)
     values ($1, $2, $3, 'Local Admin', null, $4, $4, $5)`,
    [
      createHash('sha256').update(token).digest('base64url'),
      `e2e-${ADMIN_EMAIL}`,
      ADMIN_EMAIL,
      now,
      new Date(now.getTime() + 3_600_000),
    ],
  );
  await page.context().addCookies([
    {
      name: SESSION_COOKIE,
      value: token,
      domain: new URL(origin()).hostname,
      path: '/',
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
    },
  ]);
  await gotoHydrated(page, `${origin()}/admin`);
  await page.getByRole('button', { name: 'Decline' }).click();
  await expectDashboard(page);
}

test.describe('the admin', () => {
  // Asking for the session while signed out answers 401, which the browser logs.
  test.use({ allowConsoleErrors: /401 \(Unauthorized\)/ });

  test('on PostgreSQL, held referrals are credited from the review view; the owner moves up and the next wave follows the list', async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    await seedConfirmed(
      Array.from(
        { length: 35 },
        (_, n) => `ahead${String(n).padStart(2, '0')}-${stamp}@example.com`,
      ),
      new Date('2024-01-01T00:00:00Z'),
    );
    // Everyone joins through a proxy the server trusts, which names their address.
    const owner = `ann.lee.${stamp}@gmail.com`;
    const referralUrl = await joinFrom(browser, '203.0.113.10', owner);
    // Two friends from networks of their own, a while apart from the rest: credited.
    const earlier = [`carla-${stamp}@example.org`, `dmitri-${stamp}@example.org`];
    await joinFrom(browser, '192.0.2.10', earlier[0]!, referralUrl);
    await joinFrom(browser, '198.51.100.10', earlier[1]!, referralUrl);
    // The owner in another spelling (no dots, a +tag), from another network.
    const self = `annlee${stamp}+x@gmail.com`;
    await joinFrom(browser, '198.51.100.20', self, referralUrl);
    // Then three from the owner's network (its /24), the fourth to sixth within minutes.
    const burst = ['nina', 'omar', 'pia'].map((name) => `${name}-${stamp}@example.net`);
    for (const [n, email] of burst.entries()) {
      await joinFrom(browser, `203.0.113.${21 + n}`, email, referralUrl);
    }

    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAsAdmin(page);
    const before = await placeOf(page, owner);
    // Behind people seeded earlier, two credited referrals (20 places) notwithstanding.
    expect(before).toBeGreaterThan(10);

    await openView(page, 'Referrals');
    await expectHeldReasons(page, { owner, self, burst });
    expect(await axeViolations(page)).toEqual([]);
    await keepShot(page, 'referrals-postgres-1440');

    await creditHeld(page, owner, [self, ...burst]);
    // Credited, with the two credited when they confirmed.
    await expectCredited(page, owner, 6);
    for (const email of earlier) {
      await expect(ownerRows(page, owner).filter({ hasText: email })).toHaveCount(1);
    }

    // The owner moved forward: ten places a credited referral, for four of them.
    const after = await placeAfterCredit(page, { owner, before, credited: 4 });

    // Sorted by referrals, both lists are the people who brought friends, the owner first.
    await sortByMostReferrals(page, 'Signups');
    await expectTopReferrer(page, 'Signups', { owner, count: 6 });
    await openView(page, 'User Management');
    await expectSortedByMostReferrals(page, 'Users');
    await expectTopReferrer(page, 'Users', { owner, count: 6 });

    // The next N of an invite wave are the list's first N by place.
    await openView(page, 'Signups');
    const listed = await firstByPlace(page, 10);
    // Ten places a credited referral may bring the owner into the first ten.
    expect(listed.indexOf(owner)).toBe(after <= 10 ? after - 1 : -1);
    await expectWaveFollows(page, listed);
  });
});
