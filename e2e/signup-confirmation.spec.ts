import type { Page } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { confirmationUrl } from '../src/server/features/signups/confirmation-token.ts';
import {
  axeViolations,
  searchBox,
  signUpOnHome,
  signupsPanel,
  usersPanel,
} from './support/admin.ts';
import { seedSignups } from './support/admin-data.ts';
import { expect, test } from './support/admin-fixtures.ts';
import { uniqueEmail } from './support/database.ts';
import { E2E_ORIGIN, E2E_SQLITE_PATH } from './support/environment.ts';

/**
 * The link of the confirmation mail queued for `email`, made as the mail's renderer makes it:
 * from the queued row's params and the service's mail secret, read from its database.
 */
function confirmationLink(email: string): string {
  const database = new SQLite(E2E_SQLITE_PATH, { readonly: true, fileMustExist: true });
  try {
    const mail = database
      .prepare(
        "select params from mail_outbox where to_address = ? and template = 'waitlist-confirmation' order by created_at desc",
      )
      .get(email) as { params: string } | undefined;
    const secret = database
      .prepare("select payload from oidc_payloads where kind = 'LocalSetting' and id = ?")
      .get('unsubscribe-secret') as { payload: string } | undefined;
    if (!mail || !secret) throw new Error(`no confirmation mail to ${email}`);
    return confirmationUrl(
      E2E_ORIGIN,
      JSON.parse(secret.payload) as string,
      JSON.parse(mail.params) as { signupId: string; issuedAt: string },
    );
  } finally {
    database.close();
  }
}

async function openLink(page: Page, link: string) {
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

test('a visitor confirms their address from the mail’s link, pressing its one button', async ({
  page,
}) => {
  const email = uniqueEmail('confirming');
  await signUpOnHome(page, email);
  const form = page.locator('[data-testid="signup"][data-signup-type="hero-top"]');
  await expect(form.getByText('If your address still needs confirming')).toBeVisible();

  const link = confirmationLink(email);
  await openLink(page, link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your address');
  await expect(page.getByText(`Confirm that ${email} is your address`)).toBeVisible();
  await expect(page.getByRole('button')).toHaveText(['Confirm']);
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You’re confirmed');
  await expect(page.getByText(`${email} is confirmed`)).toBeVisible();

  await openLink(page, link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Already confirmed');
  await expect(page.getByRole('button')).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to the ReelScore home page' }).click();
  await expect(page).toHaveURL(`${E2E_ORIGIN}/`);
});

test.describe('a changed link', () => {
  // The page answers 400, which the browser logs.
  test.use({ allowConsoleErrors: /400 \(Bad Request\)/ });

  test('says so, offers no new link, and leads back to the signup', async ({ page }) => {
    const email = uniqueEmail('changed-link');
    await signUpOnHome(page, email);
    const link = new URL(confirmationLink(email));
    link.searchParams.set('token', `${link.searchParams.get('token')!.slice(0, -3)}abc`);

    await openLink(page, link.href);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'This confirmation link is not valid',
    );
    await expect(page.getByRole('button')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Go to the ReelScore home page' }).click();
    await expect(page.locator('[data-testid="signup"]').first()).toBeVisible();
  });
});

test.describe('the dashboard', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('shows who confirmed and filters each list by it, at phone width', async ({
    signedIn: page,
  }) => {
    const prefix = `confirm${Date.now()}-`;
    const confirmedAt = new Date('2024-03-05T10:00:00Z');
    seedSignups([
      { email: `${prefix}a@example.com`, confirmedAt },
      { email: `${prefix}b@example.com` },
      { email: `${prefix}c@example.com`, confirmedAt, whitelisted: true },
    ]);
    const confirmedText = `Confirmed ${confirmedAt.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })}`;
    const signups = signupsPanel(page);
    await searchBox(page).fill(prefix);
    await expect(signups.getByRole('heading', { level: 2 })).toHaveText(
      `Signups(3 of 3 matching "${prefix}")`,
    );
    const row = (letter: string) =>
      signups.getByRole('row').filter({ hasText: `${prefix}${letter}@example.com` });
    await expect(row('a')).toContainText(confirmedText);
    await expect(row('b')).toContainText('Confirmation Pending');
    await expect(row('c')).toContainText('Whitelisted');
    await expect(row('c')).toContainText(confirmedText);

    const filter = signups.getByRole('group', { name: 'Signups by confirmation' });
    const box = await filter.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    await expect(filter.getByRole('button', { name: 'All' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await filter.getByRole('button', { name: 'Pending' }).click();
    await expect(signups.getByRole('heading', { level: 2 })).toHaveText(
      `Signups(1 of 1 matching "${prefix}")`,
    );
    await expect(row('b')).toBeVisible();
    await filter.getByRole('button', { name: 'Confirmed' }).click();
    await expect(signups.getByRole('heading', { level: 2 })).toHaveText(
      `Signups(2 of 2 matching "${prefix}")`,
    );
    await filter.getByRole('button', { name: 'All' }).click();
    await expect(signups.getByRole('heading', { level: 2 })).toHaveText(
      `Signups(3 of 3 matching "${prefix}")`,
    );

    await page.getByRole('tab', { name: 'User Management' }).click();
    const users = usersPanel(page);
    await users
      .getByRole('group', { name: 'Users by confirmation' })
      .getByRole('button', { name: 'Pending' })
      .click();
    await expect(users.getByRole('heading', { level: 2 })).toHaveText(
      `Users(1 of 1 matching "${prefix}")`,
    );
    await expect(users.getByRole('row').filter({ hasText: `${prefix}b@` })).toContainText(
      'Confirmation Pending',
    );
    expect(await axeViolations(page)).toEqual([]);
  });
});
