import type { Locator, Page } from '@playwright/test';
import { signupRows, uniqueEmail } from './support/database.ts';
import { expect, gotoHydrated, test } from './support/fixtures.ts';

/** Pages that load no React, and pages that hydrate only their islands (the island script). */
const STATIC_PAGES = ['/pricing', '/about', '/privacy', '/terms', '/no-such-page'];
const ISLAND_PAGES = ['/', '/signup', '/get-app', '/get-extension', '/health'];

/** The nav link that must be marked current on each page opened directly. */
const CURRENT_LINK: Record<string, string | null> = {
  '/': 'Home',
  '/pricing': 'Pricing',
  '/about': 'About',
  '/privacy': null,
  '/terms': null,
  '/signup': null,
  '/get-app': null,
  '/get-extension': null,
  '/health': null,
  '/no-such-page': null,
};

/** The paths of the scripts the page requests from now on, filled in as it loads them. */
function scriptsRequested(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

function mainNav(page: Page) {
  return page.getByRole('navigation', { name: 'Main' });
}

async function expectCurrentLink(page: Page, path: string) {
  const current = CURRENT_LINK[path]!;
  const marked = mainNav(page).locator('a[aria-current="page"]');
  if (current === null) {
    await expect(marked).toHaveCount(0);
    return;
  }
  // One in the bar (the mobile menu, hidden at this width, sits outside the nav element).
  await expect(marked).toHaveCount(1);
  const desktop = page.locator('header ul a[aria-current="page"]').first();
  await expect(desktop).toHaveText(current);
  // Gold, like a link clicked on the page (the active style, not the grey of the others).
  await expect(desktop).toHaveCSS('color', 'rgb(255, 201, 77)');
  const others = page.locator('header ul a:not([aria-current])').first();
  await expect(others).toHaveCSS('color', 'rgb(180, 185, 202)');
}

test.describe('the nav marks the current page on a page opened directly', () => {
  test.use({ allowConsoleErrors: /404 \(Not Found\)/ });

  for (const javaScriptEnabled of [false, true]) {
    test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
      test.use({ javaScriptEnabled });
      for (const path of Object.keys(CURRENT_LINK)) {
        test(path, async ({ page }) => {
          await page.goto(path);
          if (javaScriptEnabled) await page.locator('html[data-hydrated="true"]').waitFor();
          await expectCurrentLink(page, path);
        });
      }
    });
  }
});

// The nav's links sit inside <nav>, the current one outside the first list too: check the
// exact markup the prerendered HTML carries.
test('the prerendered HTML itself carries aria-current="page"', async ({ request }) => {
  for (const [path, label] of [
    ['/pricing', 'Pricing'],
    ['/about', 'About'],
    ['/', 'Home'],
  ] as const) {
    const html = await (await request.get(path)).text();
    expect(html, path).toMatch(
      new RegExp(`<a aria-current="page"[^>]*href="${path}"[^>]*>${label}</a>`),
    );
  }
});

test.describe('pages without React', () => {
  test.use({ allowConsoleErrors: /404 \(Not Found\)/ });

  for (const path of STATIC_PAGES) {
    test(`${path} loads no React, only the page script`, async ({ page }) => {
      const scripts = scriptsRequested(page);
      await gotoHydrated(page, path);
      await page.waitForLoadState('networkidle');
      expect(scripts).toHaveLength(1);
      expect(scripts[0]).toMatch(/^\/assets\/page-script-[\w-]+\.js$/);
    });
  }

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 360, height: 740 } });

    test('the mobile menu opens and closes with the page script', async ({ page }) => {
      await gotoHydrated(page, '/pricing');
      const menu = page.locator('#mobile-menu');
      await expect(menu).toBeHidden();
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(menu).toBeVisible();
      await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
        'aria-expanded',
        'true',
      );
      await expect(page.locator('header').first()).toHaveAttribute('data-scrolled', 'true');
      await expect(menu.locator('a[aria-current="page"]')).toHaveText('Pricing');
      await page.getByRole('button', { name: 'Close menu' }).click();
      await expect(menu).toBeHidden();

      await page.getByRole('button', { name: 'Open menu' }).click();
      await menu.getByRole('link', { name: 'About' }).click();
      await expect(page).toHaveURL('/about');
      await expect(page.locator('#mobile-menu')).toBeHidden();
    });
  });
});

test.describe('pages with islands', () => {
  for (const path of ISLAND_PAGES) {
    test(`${path} hydrates its islands without changing their prerendered markup`, async ({
      page,
    }) => {
      // The health check never answers, so the status cards stay in their prerendered state.
      await page.route('**/api/health', () => undefined);
      const scripts = scriptsRequested(page);
      const response = await gotoHydrated(page, path);
      const html = await response!.text();
      const [prerendered, hydrated] = await page.evaluate((source) => {
        /** Each island's markup as the DOM holds it, without the comments the server writes. */
        const islandMarkup = (root: ParentNode) =>
          [...root.querySelectorAll('[data-island]')].map((box) => {
            const copy = box.cloneNode(true) as Element;
            const walker = document.createTreeWalker(copy, NodeFilter.SHOW_COMMENT);
            const comments: Node[] = [];
            while (walker.nextNode()) comments.push(walker.currentNode);
            for (const comment of comments) comment.parentNode?.removeChild(comment);
            return copy.outerHTML;
          });
        const parsed = new DOMParser().parseFromString(source, 'text/html');
        // The one change hydration makes on purpose: the spec's submit button is disabled
        // while its field is empty (the prerendered one is enabled for the form without
        // JavaScript).
        for (const button of parsed.querySelectorAll('[data-testid="signup-submit"]')) {
          button.setAttribute('disabled', '');
        }
        return [islandMarkup(parsed), islandMarkup(document)];
      }, html);
      expect(prerendered.length).toBeGreaterThan(0);
      expect(hydrated).toEqual(prerendered);
      expect(scripts).toHaveLength(1);
      expect(scripts[0]).toMatch(/^\/assets\/island-script-[\w-]+\.js$/);
    });
  }
});

test.describe('the signup form without JavaScript', () => {
  // The refused POST is answered 400, which the browser logs.
  test.use({ javaScriptEnabled: false, allowConsoleErrors: /400 \(Bad Request\)/ });

  test('posts, lands on the thank-you page and creates one row', async ({ page }) => {
    const email = uniqueEmail('nojs');
    await page.goto('/signup');
    const form = page.locator('[data-signup-type="general"]');
    await form.getByLabel('Email address').fill(email);
    await form.getByTestId('signup-submit').click();

    await expect(page).toHaveURL('/signup/thanks');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thanks for signing up!');
    await expect(page.getByText('You’re on the list!')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign Up Another Email' })).toHaveAttribute(
      'href',
      '/signup',
    );
    expect(signupRows(email)).toEqual([{ email, source: 'general', program: 'CLOSED_ALPHA' }]);
  });

  test('answers a known address the same way, still one row', async ({ page }) => {
    const email = uniqueEmail('nojs-again');
    for (let round = 0; round < 2; round++) {
      await page.goto('/');
      const hero = page.locator('[data-signup-type="hero-top"]');
      await hero.getByLabel('Email address').fill(email);
      await hero.getByTestId('signup-submit').click();
      await expect(page).toHaveURL('/signup/thanks');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thanks for signing up!');
    }
    expect(signupRows(email)).toEqual([{ email, source: 'hero-top', program: 'CLOSED_ALPHA' }]);
  });

  test('shows the form again with the message for an invalid address', async ({ page }) => {
    await page.goto('/get-app');
    const form = page.locator('[data-signup-type="get-app-top"]');
    await form.getByLabel('Email address').fill('not-an-address');
    await form.getByTestId('signup-submit').click();

    await expect(page).toHaveURL('/signup');
    await expect(page.getByTestId('signup-error')).toHaveText('Please enter a valid email address');
    await expect(page.getByLabel('Email address')).toHaveValue('not-an-address');

    // Corrected on the same page, it goes through, recorded for the form first used.
    const email = uniqueEmail('nojs-fixed');
    await page.getByLabel('Email address').fill(email);
    await page.getByTestId('signup-submit').click();
    await expect(page).toHaveURL('/signup/thanks');
    expect(signupRows(email)).toEqual([{ email, source: 'get-app-top', program: 'CLOSED_ALPHA' }]);
  });
});

/** Whether two boxes overlap. */
function intersects(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('no box');
  return found;
}

test.describe('the consent banner on a 360 px phone', () => {
  for (const height of [640, 740, 800]) {
    test.describe(`360 x ${height}`, () => {
      test.use({ viewport: { width: 360, height } });

      for (const [path, signupType] of [
        ['/', 'hero-top'],
        ['/signup', 'general'],
      ] as const) {
        test(`never covers the ${signupType} form on ${path}`, async ({ page }) => {
          await gotoHydrated(page, path);
          const banner = page.getByRole('region', { name: 'Analytics consent' });
          await expect(banner).toBeVisible();
          const form = page.locator(`[data-signup-type="${signupType}"]`);
          const input = form.getByLabel('Email address');
          const button = form.getByTestId('signup-submit');

          const covered = async () => {
            const bannerBox = await box(banner);
            return (
              intersects(bannerBox, await box(input)) || intersects(bannerBox, await box(button))
            );
          };
          // As the page opens, once the visitor goes to the field, and with the form scrolled
          // through every part of the screen.
          await expect.poll(covered, 'as the page opens').toBe(false);
          await input.focus();
          await expect.poll(covered, 'with the field focused').toBe(false);
          for (let y = 0; y <= height; y += 60) {
            await form.evaluate((element, offset) => {
              const top = element.getBoundingClientRect().top + window.scrollY;
              window.scrollTo(0, Math.max(0, top - offset));
            }, y);
            await expect.poll(covered, `form ${y} px from the top`).toBe(false);
          }
        });
      }
    });
  }

  test.describe('choices', () => {
    test.use({ viewport: { width: 360, height: 740 } });
    for (const path of ['/', '/pricing']) {
      test(`Accept and Decline look the same on ${path}`, async ({ page }) => {
        await gotoHydrated(page, path);
        const accept = page.getByRole('button', { name: 'Accept analytics' });
        const decline = page.getByRole('button', { name: 'Decline' });
        const look = (locator: Locator) =>
          locator.evaluate((element) => {
            const style = getComputedStyle(element);
            return {
              background: style.backgroundColor,
              color: style.color,
              border: style.borderColor,
              weight: style.fontWeight,
              size: style.fontSize,
              height: element.getBoundingClientRect().height,
              width: Math.round(element.getBoundingClientRect().width / 10),
            };
          });
        expect(await look(accept)).toEqual(await look(decline));
        // Compact: no more than a quarter of the screen.
        const bannerBox = await box(page.getByRole('region', { name: 'Analytics consent' }));
        expect(bannerBox.height).toBeLessThanOrEqual(185);
      });
    }
  });
});

test.describe('pages with and without islands agree on the banner', () => {
  for (const path of [...STATIC_PAGES, ...ISLAND_PAGES]) {
    test(`${path}: the same texts`, async ({ page }) => {
      test.skip(path === '/no-such-page', 'covered by the analytics journeys');
      await gotoHydrated(page, path);
      const banner = page.getByRole('region', { name: 'Analytics consent' });
      await expect(banner).toBeVisible();
      await expect(banner).toHaveText(
        'Help us improve ReelScore? With your permission we use Google Analytics to count visits and see which pages help. It sets cookies and sends usage data to Google only if you accept. Privacy policy Accept analytics Decline',
        { useInnerText: true },
      );
    });
  }
});
