import { axeViolations, expectDashboard, openView } from './support/admin.ts';
import { expect, test } from './support/admin-fixtures.ts';
import { gotoHydrated } from './support/fixtures.ts';

test('an admin creates a read-only token, copies it once, a script reads with it, and revoking ends it', async ({
  signedIn: page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 360, height: 800 });
  await openView(page, 'Integrations');
  const panel = page.getByRole('region', { name: 'API tokens' });
  const name = `export ${Date.now()}`;

  await panel.getByLabel('Token name').fill(name);
  await panel.getByRole('radio', { name: 'Read-only' }).check();
  await panel.getByRole('button', { name: 'Create token' }).click();
  const shown = panel.getByLabel('New API token');
  await expect(shown).toBeFocused();
  await expect(panel).toContainText('Copy it now: it won’t be shown again.');
  const token = await shown.inputValue();
  expect(token).toMatch(/^rsk_/);
  await panel.getByRole('button', { name: 'Copy' }).click();
  await expect(panel.getByText('Copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  const item = panel.getByRole('listitem').filter({ hasText: name });
  await expect(item).toContainText('Read-only');
  await expect(item).toContainText('Last used never');

  // It fits a phone's width and passes axe with the token shown.
  const fits = await panel.evaluate((element) => element.scrollWidth <= element.clientWidth);
  expect(fits).toBe(true);
  expect((await panel.boundingBox())!.width).toBeLessThanOrEqual(360);
  expect(await axeViolations(page)).toEqual([]);

  // A script (no cookie) reads with it; a change is refused.
  const bearer = { authorization: `Bearer ${token}` };
  expect((await request.get('/api/admin/signups', { headers: bearer })).status()).toBe(200);
  const change = await request.post('/api/admin/whitelist/add', {
    headers: bearer,
    data: { email: 'token-change@example.com' },
  });
  expect(change.status()).toBe(403);
  expect(await change.json()).toEqual({ message: 'This API token is read-only.' });

  // Leaving the page forgets the token: the list never holds it.
  await gotoHydrated(page, '/admin');
  await expectDashboard(page);
  await openView(page, 'Integrations');
  await expect(item).not.toContainText('Last used never');
  await expect(page.getByText(token)).toHaveCount(0);
  await expect(panel.getByLabel('New API token')).toHaveCount(0);

  await item.getByRole('button', { name: `Revoke ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this token?' });
  await expect(dialog).toContainText('stop working at once');
  await dialog.getByRole('button', { name: `Revoke ${name}` }).click();
  await expect(item).toContainText('Revoked');
  await expect(item.getByRole('button')).toHaveCount(0);
  expect((await request.get('/api/admin/signups', { headers: bearer })).status()).toBe(401);
});
