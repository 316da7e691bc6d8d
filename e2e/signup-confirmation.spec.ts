import type { Page } from '@playwright/test';
import {
  axeViolations,
  searchBox,
  signUpOnHome,
  signupsPanel,
  usersPanel,
} from './support/admin.ts';
import { seedSignups } from './support/admin-data.ts';
import { expect, test } from './support/admin-fixtures.ts';
import { caughtMailTo, uniqueEmail } from './support/database.ts';
import { E2E_ORIGIN } from './support/environment.ts';

const CONFIRMATION_SUBJECT = 'Confirm your place on the ReelScore waitlist';
const CONFIRMATION_LINK = new RegExp(
  `${E2E_ORIGIN.replaceAll('.', '\\.')}/api/signup/confirm\\?token=[\\w.-]+`,
  'g',
);

/**
 * Waits for the confirmation mail to `email` to reach the service's SMTP server (the outbox
 * worker sends it within about a second) and returns the link its text part gives.
 */
async function linkFromConfirmationMail(email: string): Promise<string> {
  await expect
    .poll(() => caughtMailTo(email).length, {
      message: `one mail to ${email} at the SMTP server`,
      timeout: 15_000,
    })
    .toBe(1);
  const [mail] = caughtMailTo(email);
  expect(mail!.subject).toBe(CONFIRMATION_SUBJECT);
  // The button and the link to paste are the same address.
  const links = new Set(mail!.text.match(CONFIRMATION_LINK));
  expect(links.size, `one confirmation link in:\n${mail!.text}`).toBe(1);
  return [...links][0]!;
}

async function openLink(page: Page, link: string) {
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** The address's row in the dashboard's signups list, searched for as an admin would. */
async function signupRow(dashboard: Page, email: string) {
  await searchBox(dashboard).fill(email);
  const signups = signupsPanel(dashboard);
  await expect(signups.getByRole('heading', { level: 2 })).toHaveText(
    `Signups(1 of 1 matching "${email}")`,
  );
  return signups.getByRole('row').filter({ hasText: email });
}

/** The dashboard's badge for a confirmation at either moment (they differ only across midnight). */
function confirmedOn(...moments: Date[]): RegExp {
  const dates = moments.map((at) =>
    at.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }),
  );
  return new RegExp(`Confirmed (${dates.join('|')})`);
}

test('a visitor confirms their address from the link in the mail that arrived, pressing its one button', async ({
  page,
  adminDashboard,
}) => {
  const email = uniqueEmail('confirming');
  await signUpOnHome(page, email);
  const form = page.locator('[data-testid="signup"][data-signup-type="hero-top"]');
  await expect(form.getByText('One more step: confirm your address')).toBeVisible();

  const link = await linkFromConfirmationMail(email);
  await openLink(page, link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your address');
  await expect(page.getByText(`Confirm that ${email} is your address`)).toBeVisible();
  await expect(page.getByRole('button')).toHaveText(['Confirm']);
  expect(await axeViolations(page)).toEqual([]);
  // Opening the link (as a mail scanner would) confirms nothing.
  await expect(await signupRow(adminDashboard, email)).toContainText('Unconfirmed');

  const pressed = new Date();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You’re confirmed');
  await expect(page.getByText(`${email} is confirmed`)).toBeVisible();
  await adminDashboard.reload();
  await expect(await signupRow(adminDashboard, email)).toContainText(
    confirmedOn(pressed, new Date()),
  );

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
    const link = new URL(await linkFromConfirmationMail(email));
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
    await expect(row('b')).toContainText('Unconfirmed');
    await expect(row('c')).toContainText('Whitelisted');
    await expect(row('c')).toContainText(confirmedText);

    const filter = signups.getByRole('group', { name: 'Signups by confirmation' });
    const box = await filter.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    await expect(filter.getByRole('button', { name: 'All' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await filter.getByRole('button', { name: 'Unconfirmed' }).click();
    await expect(signups.getByRole('heading', { level: 2 })).toHaveText(
      `Signups(1 of 1 matching "${prefix}")`,
    );
    await expect(row('b')).toBeVisible();
    await filter.getByRole('button', { name: 'Confirmed', exact: true }).click();
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
      .getByRole('button', { name: 'Unconfirmed' })
      .click();
    await expect(users.getByRole('heading', { level: 2 })).toHaveText(
      `Users(1 of 1 matching "${prefix}")`,
    );
    await expect(users.getByRole('row').filter({ hasText: `${prefix}b@` })).toContainText(
      'Unconfirmed',
    );
    expect(await axeViolations(page)).toEqual([]);
  });
});
