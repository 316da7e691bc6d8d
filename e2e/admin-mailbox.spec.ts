import { axeViolations, expectFocusRing, tabTo } from './support/admin.ts';
import { expect, test } from './support/admin-fixtures.ts';
import { uniqueEmail } from './support/database.ts';

test('a test send shows up in the local mailbox, where its text can be read', async ({
  signedIn: page,
}) => {
  await page.getByRole('tab', { name: 'Email Testing' }).click();
  await page.getByLabel('Template', { exact: true }).selectOption('waitlist-confirmation');
  const address = uniqueEmail('admin-mailbox');
  await page.getByLabel('Test email address').fill(address);
  await page.getByRole('button', { name: 'Send Test Email' }).click();
  await expect(page.getByText('Email Sent Successfully!')).toBeVisible();

  const mailbox = page.getByRole('region', { name: 'Local mailbox' });
  const message = mailbox.getByRole('listitem').filter({ hasText: `To ${address}` });
  await expect(message).toContainText('Confirm your place on the ReelScore waitlist');
  const text = message.getByText(`Thanks for signing up with ${address}.`);
  await expect(text).toBeHidden();

  // The message opens from the keyboard, like any disclosure.
  const summary = message.locator('summary');
  await tabTo(page, summary);
  await page.keyboard.press('Enter');
  await expect(text).toBeVisible();
  await expectFocusRing(page);
  await expect(message).toContainText('We are letting people in a few at a time');
  await expect(message).toContainText('Confirm my address');
  expect(await axeViolations(page)).toEqual([]);

  await summary.click();
  await expect(text).toBeHidden();
});
