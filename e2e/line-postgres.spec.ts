import { createHash, randomBytes } from 'node:crypto';
import type { Browser, Locator, Page } from '@playwright/test';
import pg from 'pg';
import {
  ADMIN_EMAIL,
  axeViolations,
  openView,
  searchBox,
  signUpOnHome,
  signupsPanel,
} from './support/admin.ts';
import { uniqueEmail } from './support/database.ts';
import { expect, gotoHydrated, test } from './support/fixtures.ts';
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
 * owner moves up and an invite wave takes the list's first by place. The SQLite journeys
 * (place-page.spec.ts, admin-referrals.spec.ts) look at each width; here 1440 px.
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

/** The one link matching `pattern` in the mail to `email` with `subject`, once it arrived. */
async function linkInMail(email: string, subject: string, pattern: RegExp): Promise<string> {
  const mails = () =>
    query<{ text: string }>(
      'select text from caught_mail where to_address = $1 and subject = $2 order by received_at',
      [email.toLowerCase(), subject],
    );
  await expect
    .poll(async () => (await mails()).length, {
      message: `a mail "${subject}" to ${email}`,
      timeout: 15_000,
    })
    .toBe(1);
  const [mail] = await mails();
  const links = new Set(mail!.text.match(pattern));
  expect(links.size, `one link in:\n${mail!.text}`).toBe(1);
  return [...links][0]!;
}

const escaped = () => origin().replaceAll('.', '\\.');
const confirmationLink = (email: string) =>
  linkInMail(
    email,
    'Confirm your place on the ReelScore waitlist',
    new RegExp(`${escaped()}/api/signup/confirm\\?token=[\\w.-]+`, 'g'),
  );
const placeLink = (email: string) =>
  linkInMail(
    email,
    'Your place on the ReelScore waitlist',
    new RegExp(`${escaped()}/place\\?token=[\\w.-]+`, 'g'),
  );

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

/** Confirms from the mail's link, pressing the page's one button; lands on the person's page. */
async function confirm(page: Page, email: string) {
  await page.goto(await confirmationLink(email));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/place\?notice=confirmed&token=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You’re confirmed');
  await expect(page.getByText(`${email} is confirmed`)).toBeVisible();
}

function placeNumber(page: Page): Promise<number> {
  return page
    .locator('.place-number')
    .innerText()
    .then((text) => Number(text.replace(/\D/g, '')));
}

async function friendJoins(browser: Browser, referralUrl: string, email: string) {
  const context = await browser.newContext();
  const friend = await context.newPage();
  try {
    await friend.goto(referralUrl);
    await expect(friend).toHaveURL(/\/signup\?ref=[a-z2-9]{10}$/);
    await friend.locator('html[data-hydrated="true"]').waitFor();
    const form = friend.locator('[data-testid="signup"]').first();
    await form.getByLabel('Email address').fill(email);
    await form.getByTestId('signup-submit').click();
    await expect(form.getByText('Thanks for signing up!')).toBeVisible();
    await confirm(friend, email);
  } finally {
    await context.close();
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
  await signUpOnHome(page, email, origin());
  await confirm(page, email);

  const before = await placeNumber(page);
  expect(before).toBeGreaterThan(10);
  await expect(page.getByText(/of [\d,]+ waiting/)).toBeVisible();
  const referralUrl = await page.getByLabel('Your link').inputValue();
  expect(referralUrl).toMatch(new RegExp(`^${escaped()}/r/[a-z2-9]{10}$`));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
  expect(await axeViolations(page)).toEqual([]);
  await keepShot(page, 'place-postgres-1440');

  await friendJoins(browser, referralUrl, uniqueEmail('pg-friend'));

  // The "your place" mail leads back to the page, which now shows the friend.
  await page.goto(await placeLink(email));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your place in line');
  const after = await placeNumber(page);
  expect(after).toBeLessThan(before);
  const stats = page.locator('.place-stats');
  await expect(stats.locator('div').filter({ hasText: 'Friends joined' })).toContainText('1');
  await expect(stats.locator('div').filter({ hasText: 'Places gained' })).toContainText(
    String(before - after),
  );
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
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

function reviewPanel(page: Page) {
  return page.getByRole('tabpanel', { name: 'Referrals' });
}

function ownerRows(page: Page, owner: string): Locator {
  return reviewPanel(page)
    .getByRole('table', { name: /^Referrals:/ })
    .getByRole('row')
    .filter({ hasText: owner });
}

async function placeOf(page: Page, email: string): Promise<number> {
  await searchBox(page).fill(email);
  const row = signupsPanel(page).getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  const text = (await row.locator('td[data-label="Place"]').innerText()).trim();
  return Number(text.replaceAll(',', ''));
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
    const rows = ownerRows(page, owner);
    await expect(rows).toHaveCount(4);
    await expect(rows.filter({ hasText: self })).toContainText('The owner in another spelling');
    await expect(rows.filter({ hasText: self })).not.toContainText('From the owner’s network');
    await expect(rows.filter({ hasText: self })).not.toContainText('Part of a burst');
    for (const email of burst) {
      await expect(rows.filter({ hasText: email })).toContainText('From the owner’s network');
      await expect(rows.filter({ hasText: email })).toContainText('Part of a burst');
    }
    expect(await axeViolations(page)).toEqual([]);
    await keepShot(page, 'referrals-postgres-1440');

    for (const email of [self, ...burst]) {
      await reviewPanel(page)
        .getByRole('checkbox', { name: `Select the referral of ${email} by ${owner}` })
        .check();
    }
    const selectionBar = page.getByRole('region', { name: 'Selected referrals' });
    await expect(selectionBar).toContainText('4 selected');
    await selectionBar.getByRole('button', { name: 'Credit 4' }).click();
    const credit = page.getByRole('dialog', { name: 'Credit 4 referrals?' });
    await credit.getByRole('button', { name: 'Credit 4' }).click();
    await expect(reviewPanel(page).getByRole('status')).toHaveText('4 referrals credited.');
    await expect(rows).toHaveCount(0);
    // Credited, with the two credited when they confirmed.
    await reviewPanel(page).getByLabel('Show').selectOption('credited');
    await expect(ownerRows(page, owner)).toHaveCount(6);
    for (const email of earlier) {
      await expect(ownerRows(page, owner).filter({ hasText: email })).toHaveCount(1);
    }

    // The owner moved forward: ten places a credited referral, for four of them.
    await openView(page, 'Signups');
    const after = await placeOf(page, owner);
    expect(after).toBeLessThan(before);
    expect(before - after).toBeLessThanOrEqual(40);

    // The next N of an invite wave are the list's first N by place.
    await searchBox(page).fill('');
    await page.getByLabel('Signups order').selectOption('place:asc');
    const openButtons = signupsPanel(page).getByRole('button', { name: /^Open / });
    await expect(openButtons).toHaveCount(10);
    const listed = await openButtons.evaluateAll((buttons) =>
      buttons.map((button) => button.getAttribute('aria-label')?.replace(/^Open /, '') ?? ''),
    );
    // Ten places a credited referral may bring the owner into the first ten.
    expect(listed.indexOf(owner)).toBe(after <= 10 ? after - 1 : -1);
    await openView(page, 'Invite waves');
    const waves = page.getByRole('tabpanel', { name: 'Invite waves' });
    await waves.getByLabel('How many people').fill('10');
    await waves.getByRole('button', { name: 'Preview wave' }).click();
    const preview = waves.getByRole('region', { name: /will be added to the whitelist/ });
    await expect(preview).toContainText('First in line first:');
    await expect(preview.getByRole('listitem')).toHaveCount(10);
    expect(await preview.getByRole('listitem').allInnerTexts()).toEqual(listed);
  });
});
