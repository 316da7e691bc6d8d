import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

/** Every Content-Security-Policy violation the page reports, collected in the page. */
async function recordViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { violations: string[] }).violations);
}

test('a developer reads the API docs and tries a call, and the policy blocks nothing', async ({
  page,
}) => {
  const violations = await recordViolations(page);
  await page.goto('/api/docs');
  // Swagger UI draws the page only after fetching and reading the whole OpenAPI document
  // (every admin call), which takes more than the default 5 s on a busy CI machine.
  await expect(page.getByRole('heading', { name: /ReelScore API/ })).toBeVisible({
    timeout: 20_000,
  });

  // Swagger UI's stylesheet applies (a file); the one <style> it writes is checked by the
  // violations below.
  await expect(page.locator('.swagger-ui .info .title')).toHaveCSS('font-size', '36px');

  const health = page.locator('.opblock').filter({ hasText: '/api/health' }).first();
  await health.locator('.opblock-summary-control').click();
  await health.getByRole('button', { name: 'Try it out' }).click();
  await health.getByRole('button', { name: 'Execute' }).click();
  await expect(
    health.locator('.live-responses-table tbody .response-col_status').first(),
  ).toHaveText('200');
  expect(await violations()).toEqual([]);
});
