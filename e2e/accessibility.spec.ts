import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, gotoHydrated, test } from './support/fixtures.ts';
import { PUBLIC_PAGES } from './support/site.ts';

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    nodes: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
  }));
}

test.use({ allowConsoleErrors: /404 \(Not Found\)/ });

for (const path of PUBLIC_PAGES) {
  test(`${path} has no axe-core violations`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page)).toEqual([]);
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the home page with the menu open has no axe-core violations', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await axeViolations(page)).toEqual([]);
  });
});

/** Visible elements a keyboard user must be able to reach. */
async function visibleControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';
    return [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((element) => {
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        return (
          box.width > 0 &&
          box.height > 0 &&
          style.visibility !== 'hidden' &&
          !element.closest('[aria-hidden="true"], [inert]')
        );
      })
      .map((element, index) => {
        element.dataset.controlIndex = String(index);
        return `${element.tagName.toLowerCase()}:${element.textContent?.trim().slice(0, 40) || element.getAttribute('aria-label') || element.getAttribute('name') || index}`;
      });
  });
}

for (const path of ['/', '/pricing', '/signup', '/get-extension', '/health']) {
  test(`${path}: the keyboard alone reaches every control`, async ({ page }) => {
    // The controls as the hydrated page has them: before, a form's submit button is enabled
    // (it posts without JavaScript) and hydration then disables it while the field is empty.
    await gotoHydrated(page, path);
    await page.waitForLoadState('networkidle');
    const controls = await visibleControls(page);
    const reached = new Set<string>();
    for (let presses = 0; presses < controls.length * 2 + 10; presses++) {
      await page.keyboard.press('Tab');
      const index = await page.evaluate(
        () => (document.activeElement as HTMLElement | null)?.dataset.controlIndex,
      );
      if (index !== undefined) reached.add(index);
      if (reached.size === controls.length) break;
    }
    const missed = controls.filter((_, index) => !reached.has(String(index)));
    expect(missed).toEqual([]);
  });
}
