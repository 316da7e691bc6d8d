import { expect, test } from './support/fixtures.ts';

test.use({ javaScriptEnabled: false });

const pages: [path: string, text: string][] = [
  ['/', 'Free during closed alpha • No credit card required'],
  ['/pricing', 'Most Popular'],
  ['/about', 'Closed Alpha Launch'],
  ['/signup', 'Terms'],
  ['/get-app', 'Mobile App - Coming Soon'],
  ['/extension/chrome', 'Browser Extension - Coming Soon'],
  ['/privacy', 'Last updated: August 6, 2025'],
  ['/terms', 'Last updated: August 6, 2025'],
  ['/health', 'Checking...'],
];

for (const [path, text] of pages) {
  test(`${path} reads well with JavaScript disabled`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(text).first()).toBeVisible();
    await expect(page.locator('footer')).toBeVisible();
  });
}

test('the pricing FAQ answers are in the page without JavaScript', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page.locator('#faq')).toContainText('30-day money-back guarantee');
  await expect(page.locator('#faq')).toContainText('20% discount');
});
