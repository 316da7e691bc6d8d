import { readFile } from 'node:fs/promises';
import type { PersonalData } from '../src/contract/privacy.ts';
import {
  axeViolations,
  mailboxSubjectsTo,
  openView,
  searchBox,
  signupsPanel,
} from './support/admin.ts';
import { expect, test } from './support/admin-fixtures.ts';
import { signupRows, uniqueEmail } from './support/database.ts';

test('an admin mails a person their data, downloads it, and erases the address', async ({
  signedIn: page,
}) => {
  const address = uniqueEmail('privacy-request');
  const signedUp = await page.evaluate(async (email) => {
    const response = await fetch('/api/utility/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, signupType: 'general' }),
    });
    return response.status;
  }, address);
  expect(signedUp).toBe(200);
  await searchBox(page).fill(address);
  await expect(signupsPanel(page).getByRole('row').filter({ hasText: address })).toBeVisible();

  await openView(page, 'Privacy requests');
  const panel = page.getByRole('region', { name: 'Privacy requests' });
  await panel.getByLabel('Email address').fill(address);

  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download data' }).click();
  const download = await downloading;
  const data = JSON.parse(await readFile(await download.path(), 'utf8')) as PersonalData;
  expect(data.address).toBe(address);
  expect(data.signups).toMatchObject([{ source: 'general', signupCount: 1 }]);
  await expect(panel.getByRole('status')).toHaveText(`Downloaded the data held about ${address}.`);

  await panel.getByRole('button', { name: 'Email a copy' }).click();
  await expect(panel.getByRole('status')).toHaveText(
    `A copy of the data held about ${address} is queued to that address.`,
  );
  await expect.poll(() => mailboxSubjectsTo(page, address)).toContain('Your ReelScore data');

  await panel.getByRole('button', { name: 'Erase' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase this address?' });
  await expect(dialog).toContainText(`This permanently deletes everything held about ${address}`);
  await expect(dialog).toContainText(
    'Only that hash is kept, so the address is never mailed again',
  );
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: `Erase ${address}` }).click();

  await expect(panel.getByRole('status')).toContainText(`Erased ${address}: 1 signup, `);
  // The list, searched for the address before, no longer has it.
  await openView(page, 'Signups');
  await expect(signupsPanel(page).getByText('No signups match your search.')).toBeVisible();
  expect(signupRows(address)).toEqual([]);
});

test.describe('from the link in a mail', () => {
  // The used link answers 410, which the browser logs as a failed load.
  test.use({ allowConsoleErrors: /401 \(Unauthorized\)|410 \(Gone\)/ });

  test('a person gets a copy of their data, then follows the delete link, confirms, and is told it is deleted', async ({
    signedIn: page,
  }) => {
    const address = uniqueEmail('privacy-self');
    const signedUp = await page.request.post('/api/utility/signup', {
      data: { email: address, signupType: 'general' },
    });
    expect(signedUp.status()).toBe(200);
    /** The text of the mails the local catcher got for the address (read as the admin). */
    const mailTo = async () => {
      const response = await page.request.get('/api/email/mailbox');
      const { messages } = (await response.json()) as {
        messages: { to: string; subject: string; text: string }[];
      };
      return messages.filter((message) => message.to === address);
    };
    await expect.poll(async () => (await mailTo()).length).toBe(1);
    const [confirmation] = await mailTo();
    // The mail's two links, each to its own page.
    const link = /(http:\/\/\S+\/api\/data-request\?\S+)/.exec(confirmation!.text)?.[1];
    const deleteLink = /(http:\/\/\S+\/api\/data-request\/erase\?\S+)/.exec(
      confirmation!.text,
    )?.[1];
    expect(link).toBeDefined();
    expect(deleteLink).toBeDefined();

    await page.goto(link!);
    await expect(page.getByRole('heading', { name: 'Get a copy of your data' })).toBeVisible();
    await page.getByRole('button', { name: 'Send me a copy' }).click();
    await expect(page.getByRole('heading', { name: 'We’ve sent it to your inbox' })).toBeVisible();
    await expect
      .poll(async () => (await mailTo()).map((mail) => mail.subject))
      .toContain('Your ReelScore data');

    // The delete link asks first, saying what goes; opening it deleted nothing.
    await page.goto(deleteLink!);
    await expect(page.getByRole('heading', { name: 'Delete your data?' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('your app registration');
    await expect(page.getByRole('main')).toContainText('This cannot be undone.');
    await expect(page.getByRole('link', { name: 'Keep my data' })).toHaveAttribute('href', '/');
    expect(signupRows(address)).toHaveLength(1);
    await page.getByRole('button', { name: 'Delete my data' }).click();
    await expect(page.getByRole('heading', { name: 'Your data is deleted' })).toBeVisible();
    expect(signupRows(address)).toEqual([]);
    expect(await mailTo()).toEqual([]);

    for (const used of [link!, deleteLink!]) {
      await page.goto(used);
      await expect(
        page.getByRole('heading', { name: 'Your data is already deleted' }),
      ).toBeVisible();
    }
  });
});
