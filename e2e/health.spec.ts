import { expect, test } from './support/fixtures.ts';
import { createOutageDatabase, postgresAvailable } from './support/postgres.ts';
import { startServer } from './support/server-process.ts';

test('shows Checking..., then Operational with the real database check', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((done) => (release = done));
  await page.route('**/api/health', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/health');
  await expect(page.getByText('Checking...')).toBeVisible();

  release();
  await expect(page.getByText('Operational')).toBeVisible();
  await expect(page.getByText('Database: Connected')).toBeVisible();
  await expect(page.getByText('Server: Online')).toBeVisible();
});

test('checks again every 30 seconds', async ({ page }) => {
  await page.clock.install();
  let checks = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/health')) checks += 1;
  });
  await page.goto('/health');
  await expect(page.getByText('Operational')).toBeVisible();
  expect(checks).toBe(1);

  await page.clock.fastForward(30_000);
  await expect.poll(() => checks).toBe(2);
});

test.describe('when the API cannot be reached', () => {
  test.use({ allowConsoleErrors: /(?:ERR_CONNECTION_REFUSED|ERR_FAILED)/ });

  test('shows Degraded', async ({ page }) => {
    await page.route('**/api/health', (route) => route.abort('connectionrefused'));
    await page.goto('/health');
    await expect(page.getByText('Degraded')).toBeVisible();
    await expect(page.getByText('Server: Unreachable')).toBeVisible();
  });
});

test.describe('when the database goes down', () => {
  test.use({ allowConsoleErrors: /503 \(Service Unavailable\)/ });

  test('shows Degraded and the database as unreachable', async ({ page }) => {
    test.skip(!(await postgresAvailable()), 'PostgreSQL is not running here');
    const database = await createOutageDatabase();
    const server = await startServer(undefined, { DATABASE_URL: database.url });
    try {
      await page.goto(`${server.origin}/health`);
      await expect(page.getByText('Operational')).toBeVisible();

      await database.cutOff();
      // The server reuses a health answer for up to a second.
      await expect(async () => {
        await page.reload();
        await expect(page.getByText('Degraded')).toBeVisible({ timeout: 5000 });
      }).toPass({ timeout: 30_000 });
      await expect(page.getByText('Database: Unreachable')).toBeVisible();
    } finally {
      await server.stop();
      await database.drop();
    }
  });
});
