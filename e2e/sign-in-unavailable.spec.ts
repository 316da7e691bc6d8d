import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDashboard } from './support/admin.ts';
import { expect, test } from './support/fixtures.ts';
import { freePort, startServer } from './support/server-process.ts';

// Asking for the session while signed out answers 401, which the browser logs.
test.use({ allowConsoleErrors: /401 \(Unauthorized\)/ });

test('the dashboard says sign-in is unavailable when the identity provider is down', async ({
  page,
}) => {
  const port = await freePort();
  const database = join(tmpdir(), `reelscore-e2e-issuer-down-${port}.db`);
  const server = await startServer(port, {
    SQLITE_PATH: database,
    // An issuer nobody answers for; the server logs the failure (expected in this output).
    OIDC_ISSUER: `https://127.0.0.1:${await freePort()}`,
    OIDC_CLIENT_ID: 'reelscore-web',
    OIDC_CLIENT_SECRET: 'not-used',
  });
  try {
    await openDashboard(page, { origin: server.origin });
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Sign In with Google' }).click();
    const popup = await popupOpened;
    await expect.poll(() => popup.isClosed()).toBe(true);
    await expect(page.getByRole('alert')).toHaveText(
      "Sign-in is unavailable right now: we can't reach the sign-in service. Please try again in a few minutes.",
    );
    await expect(page.getByRole('button', { name: 'Sign In with Google' })).toBeEnabled();
  } finally {
    await server.stop();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${database}${suffix}`, { force: true });
  }
});
