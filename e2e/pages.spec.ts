import { expect, test } from './support/fixtures.ts';

// `\s`: the headings keep their dash on the line before it (a no-break space).
const routes: [path: string, title: RegExp, heading: RegExp][] = [
  ['/', /Movie ratings in under 2 seconds/, /./],
  ['/pricing', /^Pricing - ReelScore$/, /./],
  ['/about', /^About - ReelScore$/, /./],
  ['/signup', /closed alpha/i, /./],
  ['/get-extension', /^Browser Extension - ReelScore$/, /Browser Extension\s- Coming Soon/],
  ['/extension', /^Browser Extension - ReelScore$/, /Browser Extension\s- Coming Soon/],
  ['/extension/chrome', /^Browser Extension - ReelScore$/, /Browser Extension\s- Coming Soon/],
  ['/extension/firefox', /^Browser Extension - ReelScore$/, /Browser Extension\s- Coming Soon/],
  ['/get-app', /^Mobile App - ReelScore$/, /Mobile App\s- Coming Soon/],
  ['/android', /^Mobile App - ReelScore$/, /Mobile App\s- Coming Soon/],
  ['/ios', /^Mobile App - ReelScore$/, /Mobile App\s- Coming Soon/],
  ['/health', /status/i, /./],
  ['/privacy', /^Privacy Policy - ReelScore$/, /Privacy/],
  ['/terms', /^Terms of Service - ReelScore$/, /Terms/],
];

for (const [path, title, heading] of routes) {
  test(`${path} renders its title and main heading`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  });
}

test.describe('unknown paths', () => {
  // The browser reports the 404 document itself as a failed resource.
  test.use({ allowConsoleErrors: /404 \(Not Found\)/ });

  test('an unknown path answers 404 with the not-found page, however deep', async ({ page }) => {
    for (const path of ['/no-such-page', '/deep/unknown/path']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(
        page.getByText('Oops! The page you’re looking for doesn’t exist.'),
      ).toBeVisible();
      await page.getByRole('link', { name: 'Back to Home' }).click();
      await expect(page).toHaveURL('/');
    }
  });
});
