import { startWebhookReceiver } from '../src/server/test/webhook-receiver.ts';
import { axeViolations, openView } from './support/admin.ts';
import { expect, test } from './support/admin-fixtures.ts';

// The internal endpoint the journey tries first is refused with a 400, which the browser logs.
test.use({ allowConsoleErrors: /400 \(Bad Request\)|401 \(Unauthorized\)/ });

test('an admin adds a webhook endpoint, its receiver gets signed events, the panel shows it, and removing ends it', async ({
  signedIn: page,
  request,
}) => {
  let secret = '';
  const receiver = await startWebhookReceiver(() => secret);
  try {
    await page.setViewportSize({ width: 360, height: 800 });
    await openView(page, 'Integrations');
    const panel = page.getByRole('region', { name: 'Webhooks' });
    // Loopback is allowed for this receiver only (WEBHOOK_ALLOW_PRIVATE_TARGETS=127.0.0.1).
    await panel.getByLabel('Endpoint URL').fill('http://0x7f000002/hooks');
    await panel.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(panel.getByRole('alert')).toContainText('url must lead to a public address');
    await expect(panel.getByRole('listitem').filter({ hasText: '0x7f000002' })).toHaveCount(0);
    await panel.getByLabel('Endpoint URL').fill(receiver.url);
    await panel.getByLabel('Description (optional)').fill('CRM sync');
    // Only new signups.
    for (const type of [
      'signup.confirmed',
      'whitelist.added',
      'whitelist.removed',
      'user.registered',
    ]) {
      await panel.getByRole('checkbox', { name: type }).uncheck();
    }
    await panel.getByRole('button', { name: 'Add endpoint' }).click();
    const shown = panel.getByLabel('Signing secret');
    await expect(shown).toBeFocused();
    await expect(panel).toContainText('Copy its signing secret now: it won’t be shown again.');
    secret = await shown.inputValue();
    expect(secret).toMatch(/^whsec_/);
    const item = panel.getByRole('listitem').filter({ hasText: receiver.url });
    await expect(item).toContainText('CRM sync');
    await expect(item).toContainText('signup.created');
    await expect(item).toContainText('Nothing sent yet');

    const fits = await panel.evaluate((element) => element.scrollWidth <= element.clientWidth);
    expect(fits).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    const email = `hooked-${Date.now()}@example.com`;
    const signup = await request.post('/api/utility/signup', {
      data: { email, signupType: 'general' },
    });
    expect(signup.status()).toBe(200);
    await expect
      .poll(() => receiver.received.filter((hook) => hook.data.email === email).length, {
        timeout: 15_000,
      })
      .toBe(1);
    const [hook] = receiver.received.filter((one) => one.data.email === email);
    expect(hook).toMatchObject({ type: 'signup.created', signatureValid: true, answered: 200 });

    // Other journeys sign people up on the same deployment while this one runs, and the
    // endpoint gets their signup.created too: at least this one is delivered, none failed.
    await panel.getByRole('button', { name: 'Refresh' }).click();
    await expect(item).toContainText(/[1-9]\d* delivered · \d+ waiting · 0 failed/);
    await expect(item).toContainText('Last delivered');
    await expect(page.getByText(secret)).toHaveCount(0);

    await item.getByRole('button', { name: `Remove ${receiver.url}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this endpoint?' });
    await expect(dialog).toContainText('gets no more events');
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Remove endpoint' }).click();
    await expect(panel.getByRole('status')).toContainText(`Removed ${receiver.url}.`);
    await expect(item).toHaveCount(0);

    await request.post('/api/utility/signup', {
      data: { email: `after-${email}`, signupType: 'general' },
    });
    await page.waitForTimeout(1500);
    expect(receiver.received.filter((one) => one.data.email === `after-${email}`)).toEqual([]);
  } finally {
    await receiver.close();
  }
});
