import type { Browser, Locator, Page } from '@playwright/test';
import { openView, searchBox, signUpOnHome, signupsPanel, usersPanel } from './admin.ts';
import type { CaughtMail } from './database.ts';
import { expect } from './fixtures.ts';

/**
 * Steps of the line and referrals journeys (decision 0040) that run alike on SQLite
 * (place-page.spec.ts, admin-referrals.spec.ts) and on PostgreSQL (line-postgres.spec.ts).
 */

/** The service a journey runs against: its public address and the mail it sent. */
export interface LineService {
  /** Asked when a step needs it: a server of a journey's own starts after the module loads. */
  origin: () => string;
  /** The mail to an address that reached the service's local SMTP server, oldest first. */
  mailTo: (address: string) => CaughtMail[] | Promise<CaughtMail[]>;
}

/** The person's page, their mail and a friend who joins by their link, on `service`. */
export function placeJourneys(service: LineService) {
  const origin = () => service.origin().replaceAll('.', '\\.');

  /** The one link matching `pattern` in the mail to `email` with `subject`, once it arrived. */
  async function linkInMail(email: string, subject: string, pattern: RegExp): Promise<string> {
    const mails = async () =>
      (await service.mailTo(email)).filter((mail) => mail.subject === subject);
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

  const confirmationLink = (email: string) =>
    linkInMail(
      email,
      'Confirm your place on the ReelScore waitlist',
      new RegExp(`${origin()}/api/signup/confirm\\?token=[\\w.-]+`, 'g'),
    );
  const placeLink = (email: string) =>
    linkInMail(
      email,
      'Your place on the ReelScore waitlist',
      new RegExp(`${origin()}/place\\?token=[\\w.-]+`, 'g'),
    );

  /** A person's own link, as their page shows it. */
  const referralLink = () => new RegExp(`^${origin()}/r/[a-z2-9]{10}$`);

  /** Confirms from the mail's link, pressing the page's one button; lands on the person's page. */
  async function confirm(page: Page, email: string) {
    await page.goto(await confirmationLink(email));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/place\?notice=confirmed&token=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You’re confirmed');
    await expect(page.getByText(`${email} is confirmed`)).toBeVisible();
  }

  /**
   * Someone signs up with the home page's form and confirms: their page shows their place
   * behind the people `ahead` (more than that, as others may join meanwhile) among those waiting,
   * and their link. Answers both.
   */
  async function signUpAndConfirm(page: Page, email: string, ahead: number) {
    await signUpOnHome(page, email, service.origin());
    await confirm(page, email);
    const place = await placeNumber(page);
    expect(place).toBeGreaterThan(ahead);
    await expect(page.getByText(/of [\d,]+ waiting/)).toBeVisible();
    const referralUrl = await page.getByLabel('Your link').inputValue();
    expect(referralUrl).toMatch(referralLink());
    return { place, referralUrl };
  }

  /**
   * A friend opens `referralUrl` in a browser of their own, signs up and confirms; nothing of
   * the code is kept in their browser.
   */
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
      expect(await context.cookies()).toEqual([]);
      expect(await friend.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
      await confirm(friend, email);
    } finally {
      await context.close();
    }
  }

  /**
   * The "your place" mail leads back to the person's page, which shows the one friend who
   * joined by their link; answers the place it shows.
   */
  async function placeAfterFriend(page: Page, email: string): Promise<number> {
    await page.goto(await placeLink(email));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your place in line');
    await expect(placeStat(page, 'Friends joined')).toContainText('1');
    return placeNumber(page);
  }

  return {
    confirmationLink,
    confirm,
    signUpAndConfirm,
    friendJoins,
    placeAfterFriend,
    referralLink,
  };
}

/** The place the person's page shows. */
export function placeNumber(page: Page): Promise<number> {
  return page
    .locator('.place-number')
    .innerText()
    .then((text) => Number(text.replace(/\D/g, '')));
}

/** One of the figures under the place on the person's page ('Friends joined', ...). */
export function placeStat(page: Page, name: string): Locator {
  return page.locator('.place-stats div').filter({ hasText: name });
}

/** The admin's Referrals view. */
export function reviewPanel(page: Page): Locator {
  return page.getByRole('tabpanel', { name: 'Referrals' });
}

/** The rows of `owner`'s referrals in the Referrals view, as it shows them now. */
export function ownerRows(page: Page, owner: string): Locator {
  return reviewPanel(page)
    .getByRole('table', { name: /^Referrals:/ })
    .getByRole('row')
    .filter({ hasText: owner });
}

/** Searches the signups list for `email` and answers its place in line there. */
export async function placeOf(page: Page, email: string): Promise<number> {
  await searchBox(page).fill(email);
  const row = signupsPanel(page).getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  const text = (await row.locator('td[data-label="Place"]').innerText()).trim();
  return Number(text.replaceAll(',', ''));
}

/**
 * The held referrals of `owner` shown in the Referrals view with their reasons in words: `self`
 * the owner in another spelling (and nothing else), each of `burst` from the owner's network
 * and part of a burst.
 */
export async function expectHeldReasons(
  page: Page,
  { owner, self, burst }: { owner: string; self: string; burst: string[] },
): Promise<Locator> {
  const rows = ownerRows(page, owner);
  await expect(rows).toHaveCount(1 + burst.length);
  const own = rows.filter({ hasText: self });
  await expect(own).toContainText('The owner in another spelling');
  await expect(own).not.toContainText('From the owner’s network');
  await expect(own).not.toContainText('Part of a burst');
  for (const email of burst) {
    await expect(rows.filter({ hasText: email })).toContainText('From the owner’s network');
    await expect(rows.filter({ hasText: email })).toContainText('Part of a burst');
  }
  return rows;
}

/**
 * Selects the held referrals of `friends` by `owner` (more than one) and credits them after the
 * dialog that states their number; `whileAsked` looks at the dialog before it is answered.
 */
export async function creditHeld(
  page: Page,
  owner: string,
  friends: string[],
  whileAsked: (dialog: Locator) => Promise<void> = async () => {},
) {
  const count = friends.length;
  for (const email of friends) {
    await reviewPanel(page)
      .getByRole('checkbox', { name: `Select the referral of ${email} by ${owner}` })
      .check();
  }
  const selectionBar = page.getByRole('region', { name: 'Selected referrals' });
  await expect(selectionBar).toContainText(`${count} selected`);
  await selectionBar.getByRole('button', { name: `Credit ${count}` }).click();
  const credit = page.getByRole('dialog', { name: `Credit ${count} referrals?` });
  await expect(credit).toContainText('cannot be undone');
  await whileAsked(credit);
  await credit.getByRole('button', { name: `Credit ${count}` }).click();
  await expect(reviewPanel(page).getByRole('status')).toHaveText(`${count} referrals credited.`);
  await expect(ownerRows(page, owner)).toHaveCount(0);
}

/** The Referrals view's credited referrals: `owner` has `count` of them. */
export async function expectCredited(page: Page, owner: string, count: number) {
  await reviewPanel(page).getByLabel('Show').selectOption('credited');
  await expect(ownerRows(page, owner)).toHaveCount(count);
}

/**
 * Opens the signups list and answers `owner`'s place once it is ahead of `before`: the list
 * loads again after a credit, so the journey waits for the new place rather than read the old
 * one. Ten places a credited referral, for `credited` of them, at the most.
 */
export async function placeAfterCredit(
  page: Page,
  { owner, before, credited }: { owner: string; before: number; credited: number },
): Promise<number> {
  await openView(page, 'Signups');
  await expect.poll(() => placeOf(page, owner)).toBeLessThan(before);
  const after = await placeOf(page, owner);
  expect(after).toBeLessThan(before);
  expect(before - after).toBeLessThanOrEqual(10 * credited);
  return after;
}

type ListName = 'Signups' | 'Users';

function listPanel(page: Page, list: ListName): Locator {
  return list === 'Signups' ? signupsPanel(page) : usersPanel(page);
}

/** A list's rows of people (not the notes under a row), in the order shown. */
export function personRows(page: Page, list: ListName): Locator {
  return listPanel(page, list).locator('tbody tr:has(td[data-label="Email"])');
}

/** Chooses "Most referrals first" in a list's order, with the search cleared. */
export async function sortByMostReferrals(page: Page, list: ListName) {
  await searchBox(page).fill('');
  // The search settles into the URL after a pause: the sorted list is then the whole list's.
  await expect(page).not.toHaveURL(/[?&]q=/);
  await listPanel(page, list)
    .getByLabel(`${list} order`)
    .selectOption({ label: 'Most referrals first' });
  await expectSortedByMostReferrals(page, list);
}

/** The list says it is sorted by most referrals: its order and the chip in use. */
export async function expectSortedByMostReferrals(page: Page, list: ListName) {
  const panel = listPanel(page, list);
  await expect(panel.getByLabel(`${list} order`)).toHaveValue('referrals:desc');
  await expect(
    panel
      .getByRole('list', { name: `${list} filters in use` })
      .getByRole('button', { name: 'Clear filter: Sorted: Most referrals first' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/[?&]sort=referrals(&|$)/);
  await expect(page).toHaveURL(/[?&]order=desc(&|$)/);
}

/**
 * Sorted by most referrals, `owner` comes first with `count` credited referrals, and the list
 * shows only people with one or more, most first; answers the owner's row.
 */
export async function expectTopReferrer(
  page: Page,
  list: ListName,
  { owner, count }: { owner: string; count: number },
): Promise<Locator> {
  const rows = personRows(page, list);
  const first = rows.first();
  await expect(first.locator('td[data-label="Email"]')).toContainText(owner);
  await expect(first.locator('td[data-label="Referrals"]')).toHaveText(String(count));
  const counts = (await rows.locator('td[data-label="Referrals"]').allTextContents()).map(Number);
  expect(
    counts.every((each) => each >= 1),
    `referrals in order: ${counts.join(', ')}`,
  ).toBe(true);
  expect(counts).toEqual([...counts].sort((a, b) => b - a));
  return first;
}

/** The signups list's first `count` by place, the search cleared: their addresses in order. */
export async function firstByPlace(page: Page, count = 10): Promise<string[]> {
  await searchBox(page).fill('');
  await page.getByLabel('Signups order').selectOption('place:asc');
  const openButtons = signupsPanel(page).getByRole('button', { name: /^Open / });
  await expect(openButtons).toHaveCount(count);
  return openButtons.evaluateAll((buttons) =>
    buttons.map((button) => button.getAttribute('aria-label')?.replace(/^Open /, '') ?? ''),
  );
}

/** The preview of the next invite wave of `listed.length` people lists them in that order. */
export async function expectWaveFollows(page: Page, listed: string[]): Promise<Locator> {
  await openView(page, 'Invite waves');
  const waves = page.getByRole('tabpanel', { name: 'Invite waves' });
  await waves.getByLabel('How many people').fill(String(listed.length));
  await waves.getByRole('button', { name: 'Preview wave' }).click();
  const preview = waves.getByRole('region', { name: /will be added to the whitelist/ });
  await expect(preview).toContainText('First in line first:');
  await expect(preview.getByRole('listitem')).toHaveCount(listed.length);
  expect(await preview.getByRole('listitem').allInnerTexts()).toEqual(listed);
  return preview;
}
