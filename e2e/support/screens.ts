import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';

/** The widths the dashboard is looked at: a phone, a tablet, a laptop. */
export const WIDTHS = [360, 768, 1440] as const;

/** Screenshots for people to look at, when SHOTS_DIR is set; never part of the repository. */
const SHOTS = process.env.SHOTS_DIR;

/** Keeps a screenshot of the page as it is, when SHOTS_DIR is set. */
export async function keepShot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/**
 * Runs `check` at each of the three widths (900 px high) with `target` scrolled into the middle
 * of the screen, and keeps a screenshot of each when SHOTS_DIR is set. The page is left at the
 * last width.
 */
export async function atEachWidth(
  page: Page,
  name: string,
  target: Locator,
  check: (width: number) => Promise<void> = async () => {},
) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await check(width);
    await keepShot(page, `${name}-${width}`);
  }
}

/**
 * The controls `element` overlaps on screen (buttons, links, fields and anything focusable by
 * Tab outside it), by name: a notice that covers nothing answers [].
 */
export function controlsCoveredBy(element: Locator): Promise<string[]> {
  return element.evaluate((notice) => {
    const box = notice.getBoundingClientRect();
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input, select, textarea, [tabindex]:not([tabindex="-1"])',
    );
    return [...controls]
      .filter((control) => !notice.contains(control) && !control.contains(notice))
      .filter((control) => {
        const other = control.getBoundingClientRect();
        if (other.width === 0 || other.height === 0) return false;
        return (
          other.left < box.right &&
          other.right > box.left &&
          other.top < box.bottom &&
          other.bottom > box.top
        );
      })
      .map((control) => control.getAttribute('aria-label') ?? control.textContent?.trim() ?? '');
  });
}
