import { expect, gotoHydrated, test } from './support/fixtures.ts';
import { PUBLIC_PAGES } from './support/site.ts';

test.describe('navigation bar', () => {
  test('turns opaque past 50 px of scroll and clear again at the top', async ({ page }) => {
    await gotoHydrated(page, '/pricing');
    const header = page.locator('header').first();
    await expect(header).toHaveAttribute('data-scrolled', 'false');

    await page.evaluate(() => window.scrollTo(0, 51));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await page.evaluate(() => window.scrollTo(0, 50));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  test('links to Home, Pricing, About, Get Extension and Try for Free', async ({ page }) => {
    await gotoHydrated(page, '/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Home', '/'],
      ['Pricing', '/pricing'],
      ['About', '/about'],
      ['Get Extension', '/get-extension'],
      ['Try for Free', '/signup'],
    ] as const) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
  });

  test('scrolls to the top on every route change', async ({ page }) => {
    await gotoHydrated(page, '/pricing');
    await page.evaluate(() => window.scrollTo(0, 600));
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'About' })
      .click();
    await expect(page).toHaveURL('/about');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 }, allowConsoleErrors: /404 \(Not Found\)/ });

  test('opens, makes the bar opaque, and closes when a link is clicked', async ({ page }) => {
    await gotoHydrated(page, '/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeHidden();

    await toggle.click();
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(page.locator('header').first()).toHaveAttribute('data-scrolled', 'true');

    await menu.getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL('/pricing');
    await expect(menu).toBeHidden();
  });

  test('leaves no horizontal scroll at 360 px on any page', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of PUBLIC_PAGES) {
      await gotoHydrated(page, path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});

test.describe('footer', () => {
  test('has exactly the spec links, the current year and the made-with-love credit', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    const footer = page.locator('footer');
    const hrefs = await footer
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    // The spec lists the links; their grouping into columns is ours.
    expect(hrefs.filter((href) => href !== '/').sort()).toEqual(
      [
        '/get-extension',
        '/pricing',
        '/#features',
        '/about',
        'mailto:hello@reelscore.app',
        '/pricing#faq',
        '/privacy',
        '/terms',
        '/extension/chrome',
        '/extension/firefox',
        '/get-app',
        '/get-app',
      ].sort(),
    );
    await expect(footer).toContainText(String(new Date().getFullYear()));
    await expect(footer).toContainText('Made with');
  });
});
