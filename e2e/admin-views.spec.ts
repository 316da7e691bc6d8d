import type { Page } from '@playwright/test';
import {
  type AdminViewName,
  axeViolations,
  expectDashboard,
  searchBox,
  viewTab,
} from './support/admin.ts';
import { startAdminSession } from './support/admin-data.ts';
import { expect, test as base } from './support/admin-fixtures.ts';
import { gotoHydrated } from './support/fixtures.ts';
import { E2E_DEPLOYMENT_SETTINGS } from './support/environment.ts';
import { freePort, startServer } from './support/server-process.ts';

/**
 * The dashboard's views: the spec's three tabs, then each tool in a place of its own, each one
 * click away from any other at every width, in the URL (Back works, a view can be shared), and
 * a viewer offered only what they may use. The tabs are one line at every width: where they do
 * not all fit, the line scrolls sideways (a swipe, or a chevron with a mouse), never the page,
 * and the selected tab is in sight.
 */

interface View {
  /** Its `?tab=` value. */
  id: string;
  name: AdminViewName;
  /** A heading the view shows once it has loaded. */
  heading: RegExp;
  /** The two lists show the figures and the lists' search; no other view does. */
  list: boolean;
  forViewers: boolean;
}

const VIEWS: readonly View[] = [
  { id: 'signups', name: 'Signups', heading: /^Signups/, list: true, forViewers: true },
  { id: 'users', name: 'User Management', heading: /^Users/, list: true, forViewers: true },
  {
    id: 'email',
    name: 'Email Testing',
    heading: /^Send a Test Email$/,
    list: false,
    forViewers: false,
  },
  { id: 'waves', name: 'Invite waves', heading: /^Invite waves$/, list: false, forViewers: true },
  { id: 'funnel', name: 'Funnel', heading: /^Funnel$/, list: false, forViewers: true },
  {
    id: 'referrals',
    name: 'Referrals',
    heading: /^Referral review$/,
    list: false,
    forViewers: true,
  },
  { id: 'audit', name: 'Audit log', heading: /^Audit log$/, list: false, forViewers: true },
  {
    id: 'privacy',
    name: 'Privacy requests',
    heading: /^Privacy requests$/,
    list: false,
    forViewers: false,
  },
  {
    id: 'integrations',
    name: 'Integrations',
    heading: /^Webhooks$/,
    list: false,
    forViewers: false,
  },
  { id: 'mail', name: 'Mail queue', heading: /^Mail queue$/, list: false, forViewers: true },
];

const WIDTHS = [
  { width: 360, height: 740 },
  { width: 768, height: 1024 },
  { width: 1440, height: 900 },
];

const VIEWER = 'views-viewer@reelscore.local';

/**
 * A walk through the views that takes every step from one view to another exactly once (an
 * Euler circuit of the complete directed graph), starting and ending at the first view.
 */
function everyStepOnce(count: number): number[] {
  const unused = Array.from({ length: count }, (_, from) =>
    Array.from({ length: count }, (_, to) => to).filter((to) => to !== from),
  );
  const stack = [0];
  const walk: number[] = [];
  while (stack.length > 0) {
    const at = stack[stack.length - 1]!;
    const to = unused[at]!.pop();
    if (to === undefined) walk.push(stack.pop()!);
    else stack.push(to);
  }
  return walk.reverse();
}

/** The view is the selected tab, the only one shown, loaded; the address names it. */
async function expectView(page: Page, view: View) {
  await expectSelected(page, view);
  const panel = page.getByRole('tabpanel');
  await expect(panel).toHaveCount(1);
  await expect(panel.getByRole('heading', { level: 2, name: view.heading })).toBeVisible();
  await expect(panel.getByText(/^Loading/)).toHaveCount(0);
  // The figures and the lists' search belong to the lists.
  await expect(searchBox(page)).toHaveCount(view.list ? 1 : 0);
  await expect(page.locator('[data-count]')).toHaveCount(view.list ? 6 : 0);
  if (view.list) {
    await expect(searchBox(page)).toBeVisible();
    await expect(page.locator('[data-count="total"]')).toBeVisible();
  }
}

/**
 * The view's tab is the selected one, and the address names the view: ?tab=<view>, except the
 * first view, whose address stays bare (/admin).
 */
async function expectSelected(page: Page, view: View) {
  await expect(viewTab(page, view.name)).toHaveAttribute('aria-selected', 'true');
  await expect
    .poll(() => new URL(page.url()).searchParams.get('tab'))
    .toBe(view.id === 'signups' ? null : view.id);
}

/**
 * The tab is on the strip's one line, in sight once the strip is swiped to it (no menu to
 * open): then inside the screen's width.
 */
async function expectTabAtHand(page: Page, view: View, width: number) {
  const tab = viewTab(page, view.name);
  await expect(tab).toBeVisible();
  await tab.evaluate((element) => element.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
  const box = (await tab.boundingBox())!;
  expect(box.x, `${view.name} tab's left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${view.name} tab's right edge`).toBeLessThanOrEqual(width);
}

function tabStrip(page: Page) {
  return page.getByRole('tablist', { name: 'Admin sections' });
}

/** The selected tab shows whole inside the strip (which may have scrolled to it). */
async function expectSelectedInSight(page: Page, view: View) {
  const tab = viewTab(page, view.name);
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  await expect
    .poll(async () => {
      const [strip, box] = [await tabStrip(page).boundingBox(), await tab.boundingBox()];
      return box!.x >= strip!.x && box!.x + box!.width <= strip!.x + strip!.width;
    }, `${view.name} tab in sight`)
    .toBe(true);
}

/** The tabs' line: its height, each tab's top, how far it can scroll, the page's width. */
function stripFigures(page: Page) {
  return tabStrip(page).evaluate((strip) => ({
    height: strip.getBoundingClientRect().height,
    tops: [
      ...new Set(
        [...strip.querySelectorAll('[role="tab"]')].map((tab) => tab.getBoundingClientRect().top),
      ),
    ],
    scrolls: strip.scrollWidth > strip.clientWidth,
    scrollLeft: strip.scrollLeft,
    pageWidth: document.documentElement.scrollWidth,
  }));
}

/** Opens `/admin` on `origin` signed in as `email`, analytics declined. */
async function openSignedIn(page: Page, email: string, origin = '') {
  await startAdminSession(page.context(), { email, displayName: 'Views' });
  await gotoHydrated(page, `${origin}/admin`);
  await page.getByRole('button', { name: 'Decline' }).click();
  await expectDashboard(page);
}

const test = base.extend<object, { viewerOrigin: string }>({
  /** An instance on the journeys' database where VIEWER is a viewer (read-only). */
  viewerOrigin: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from it
    async ({}, use) => {
      const server = await startServer(await freePort(), {
        ...E2E_DEPLOYMENT_SETTINGS,
        ADMIN_EMAILS: 'admin@reelscore.local',
        VIEWER_EMAILS: VIEWER,
      });
      try {
        await use(server.origin);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker' },
  ],
});

// The preview frames of Email Testing refuse Playwright's scripts, and Chromium says so.
test.use({ allowConsoleErrors: /401 \(Unauthorized\)|Blocked script execution in 'about:srcdoc'/ });

/** The walk through every step from one view to another. */
const WALK = everyStepOnce(VIEWS.length).map((index) => VIEWS[index]!);
/** Steps a test of the walk takes. */
const STRETCH = 10;

test('the walk takes every step from one view to another once', () => {
  expect(WALK).toHaveLength(VIEWS.length * (VIEWS.length - 1) + 1);
  const steps = new Set(WALK.slice(1).map((view, step) => `${WALK[step]!.id}>${view.id}`));
  expect(steps.size).toBe(VIEWS.length * (VIEWS.length - 1));
  expect(WALK[0]).toBe(WALK.at(-1));
});

/** The view's shared address: /admin for the first, /admin?tab=<view> for the others. */
function address(view: View) {
  return view.id === 'signups' ? '/admin' : `/admin?tab=${view.id}`;
}

for (const { width, height } of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize({ width, height });
    });

    // The walk in stretches of STRETCH steps, each its own test from the address of its first
    // view: together they take every step once, and each fits a busy machine's time.
    for (let first = 0; first < WALK.length - 1; first += STRETCH) {
      const stretch = WALK.slice(first, first + STRETCH + 1);
      const last = first + stretch.length - 1 === WALK.length - 1;
      test(`every view is one click on its tab from any other, the address names it, and Back walks the way back: steps ${first + 1}-${first + stretch.length - 1}`, async ({
        signedIn: page,
      }) => {
        test.setTimeout(120_000);
        const tabs = page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab');
        await expect(tabs).toHaveText(VIEWS.map((view) => view.name));
        await gotoHydrated(page, address(stretch[0]!));
        await expectDashboard(page);
        await expectView(page, stretch[0]!);

        for (const [step, view] of stretch.entries()) {
          if (step === 0) continue;
          const previous = stretch[step - 1]!;
          await test.step(`${previous.name} → ${view.name}, Back and Forward`, async () => {
            await expectTabAtHand(page, view, width);
            await viewTab(page, view.name).click();
            await expectView(page, view);
            await page.goBack();
            await expectSelected(page, previous);
            await page.goForward();
            await expectSelected(page, view);
          });
        }

        if (!last) return;
        // Back retraces several steps, view by view, to where the stretch began.
        for (let step = stretch.length - 2; step >= 0; step--) {
          await page.goBack();
          await expectSelected(page, stretch[step]!);
        }
        await expectView(page, stretch[0]!);
      });
    }

    test('the tabs are one line, the selected one in sight from any address, and the page never scrolls sideways', async ({
      signedIn: page,
    }) => {
      test.setTimeout(120_000);
      for (const view of VIEWS) {
        await gotoHydrated(page, address(view));
        await expectDashboard(page);
        await expectSelectedInSight(page, view);
        const figures = await stripFigures(page);
        expect(figures.tops, 'one line of tabs').toHaveLength(1);
        expect(figures.height, 'the strip’s height').toBeLessThanOrEqual(44);
        expect(figures.pageWidth, 'the page’s width').toBe(width);
        // On a laptop every tab is in sight with nothing to scroll.
        if (width === 1440) expect(figures.scrolls).toBe(false);
      }

      // The arrow keys go through every view, each brought into sight; Home goes back.
      await viewTab(page, 'Mail queue').focus();
      await page.keyboard.press('Home');
      await expectSelectedInSight(page, VIEWS[0]!);
      await page.keyboard.press('End');
      await expectSelectedInSight(page, VIEWS.at(-1)!);
      await page.keyboard.press('ArrowLeft');
      await expectSelectedInSight(page, VIEWS.at(-2)!);
      await page.keyboard.press('Home');
      await expectSelectedInSight(page, VIEWS[0]!);
      if ((await stripFigures(page)).scrolls) {
        // With a mouse, which cannot swipe, the chevron at the end scrolls the line on.
        await page.locator('[data-scroll-tabs="after"]').click();
        await expect.poll(async () => (await stripFigures(page)).scrollLeft).toBeGreaterThan(0);
        await expect(page.locator('[data-scroll-tabs="before"]')).toBeVisible();
      }
      expect(await axeViolations(page), 'axe with the strip scrolled').toEqual([]);
    });

    test('a shared address opens its view', async ({ signedIn: page }) => {
      test.setTimeout(120_000);
      for (const view of VIEWS) {
        await gotoHydrated(page, address(view));
        await expectDashboard(page);
        await expectView(page, view);
      }
      // An address naming no view opens the first.
      await gotoHydrated(page, '/admin?tab=no-such-view');
      await expectDashboard(page);
      await expect(viewTab(page, 'Signups')).toHaveAttribute('aria-selected', 'true');
    });

    test('a viewer is offered only the views they may use, and an address naming another opens Signups', async ({
      page,
      viewerOrigin,
    }) => {
      test.setTimeout(120_000);
      await openSignedIn(page, VIEWER, viewerOrigin);
      const offered = VIEWS.filter((view) => view.forViewers);
      expect(offered.map((view) => view.name)).toEqual([
        'Signups',
        'User Management',
        'Invite waves',
        'Funnel',
        'Referrals',
        'Audit log',
        'Mail queue',
      ]);
      const tabs = page.getByRole('tablist', { name: 'Admin sections' }).getByRole('tab');
      await expect(tabs).toHaveText(offered.map((view) => view.name));
      for (const view of [...offered.slice(1), offered[0]!]) {
        await expectTabAtHand(page, view, width);
        await viewTab(page, view.name).click();
        await expectView(page, view);
        // The read-only views pass axe too, at the widths the admin's are checked at.
        if (width !== 768) expect(await axeViolations(page), view.name).toEqual([]);
      }

      for (const view of VIEWS.filter((each) => !each.forViewers)) {
        await gotoHydrated(page, `${viewerOrigin}/admin?tab=${view.id}`);
        await expectDashboard(page);
        await expect(viewTab(page, 'Signups')).toHaveAttribute('aria-selected', 'true');
        await expect(
          page.getByRole('tabpanel').getByRole('heading', { level: 2, name: /^Signups/ }),
        ).toBeVisible();
        await expect(page.getByRole('tab', { name: view.name })).toHaveCount(0);
        await expect(page.getByRole('heading', { name: view.heading })).toHaveCount(0);
      }
    });
  });
}

test('a search that settles after a click on another view keeps that view, and the address holds both', async ({
  signedIn: page,
}) => {
  // Nine views, each rendered at a twentieth of the CPU's speed.
  test.setTimeout(180_000);
  // A slow machine: the click's view renders after the search has settled (300 ms). The CPU is
  // slowed only once the search is typed, so the list has loaded.
  const cdp = await page.context().newCDPSession(page);
  try {
    for (const view of VIEWS.filter((each) => each.id !== 'signups')) {
      await gotoHydrated(page, '/admin');
      await expectDashboard(page);
      await expectView(page, VIEWS[0]!);
      const search = `someone-${view.id}@example.com`;
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
      await searchBox(page).fill(search);
      await viewTab(page, view.name).click();
      await expect
        .poll(() => new URL(page.url()).searchParams.get('q'), { timeout: 20_000 })
        .toBe(search);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      await expectSelected(page, view);
      await expectView(page, view);
    }
  } finally {
    await cdp.detach();
  }
});

for (const { width, height } of WIDTHS.filter((each) => each.width !== 768)) {
  test(`axe finds nothing to report on any view at ${width} px`, async ({ signedIn: page }) => {
    // Nine axe runs over a busy machine.
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height });
    for (const view of VIEWS) {
      await test.step(view.name, async () => {
        await viewTab(page, view.name).click();
        await expectView(page, view);
        expect(await axeViolations(page), view.name).toEqual([]);
      });
    }
  });
}
