import type { Locator, Page } from '@playwright/test';
import { axeViolations } from './support/admin.ts';
import { expect, test } from './support/admin-fixtures.ts';
import { gotoHydrated } from './support/fixtures.ts';
import { atEachWidth } from './support/screens.ts';

/**
 * The site's navigation bar stays on /admin, as on every route of the spec, with every link the
 * spec gives it; there it is quiet: low, small muted text, no gold call to action, lined up with
 * the dashboard under it.
 */

const SPEC_LINKS = [
  ['Home', '/'],
  ['Pricing', '/pricing'],
  ['About', '/about'],
  ['Get Extension', '/get-extension'],
  ['Try for Free', '/signup'],
] as const;

function siteBar(page: Page) {
  return page.locator('header[data-nav-header]');
}

/** What makes a link a call to action: a filled or outlined button, or large text. */
function looks(link: Locator) {
  return link.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      background: style.backgroundColor,
      border: style.borderTopWidth,
      fontSize: parseFloat(style.fontSize),
    };
  });
}

test('on /admin the bar keeps every link of the spec, low and quiet, at 360, 768 and 1440 px', async ({
  signedIn: page,
}) => {
  const bar = siteBar(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const title = page.getByRole('heading', { name: 'Admin Dashboard' });
  await atEachWidth(page, 'admin-site-bar', title, async (width) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = (await bar.boundingBox())!;
    expect(box.y).toBe(0);
    expect(box.height, 'the bar’s height').toBeLessThanOrEqual(46);
    // The bar's logo starts where the dashboard's title does.
    const logo = (await nav.getByRole('link').first().boundingBox())!;
    expect(Math.abs(logo.x - (await title.boundingBox())!.x)).toBeLessThanOrEqual(2);

    if (width >= 768) {
      for (const [name, href] of SPEC_LINKS) {
        const link = nav.getByRole('link', { name, exact: true });
        await expect(link).toBeVisible();
        await expect(link).toHaveAttribute('href', href);
        expect(await looks(link), name).toEqual({
          background: 'rgba(0, 0, 0, 0)',
          border: '0px',
          fontSize: 13,
        });
      }
      // The extension is not out yet: still said, as the link's description.
      await expect(nav.getByRole('link', { name: 'Get Extension' })).toHaveAccessibleDescription(
        'Coming soon',
      );
    } else {
      // On a phone, the spec's collapsible menu holds them; a link closes it.
      await nav.getByRole('button', { name: 'Open menu' }).click();
      const menu = page.locator('#mobile-menu');
      for (const [name, href] of SPEC_LINKS) {
        const link = menu.getByRole('link', { name, exact: true });
        await expect(link).toBeVisible();
        await expect(link).toHaveAttribute('href', href);
        expect((await looks(link)).background, name).toBe('rgba(0, 0, 0, 0)');
      }
      expect(await axeViolations(page), 'axe with the menu open').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
    }
    expect(await axeViolations(page), `axe at ${width} px`).toEqual([]);
  });

  // Scrolled, the bar is solid under its border, and no row shows through it.
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect(bar).toHaveAttribute('data-scrolled', 'true');
  expect(await bar.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(
    'rgba(0, 0, 0, 0)',
  );
});

test('the public pages keep their own bar, with its gold Try for Free', async ({ page }) => {
  await gotoHydrated(page, '/pricing');
  const bar = siteBar(page);
  expect((await bar.boundingBox())!.height).toBeGreaterThan(60);
  const signup = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Try for Free' });
  expect((await looks(signup)).background).not.toBe('rgba(0, 0, 0, 0)');
});
