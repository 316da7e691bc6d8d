import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every test fails on a console error or an uncaught exception in the page (CSP violations
 * included), unless it declares the ones it expects.
 */
export const test = base.extend<{ allowConsoleErrors: RegExp | null }>({
  allowConsoleErrors: [null, { option: true }],
  page: async ({ page, allowConsoleErrors }, use) => {
    const problems = watchConsoleErrors(page, allowConsoleErrors);
    await use(page);
    expect(problems, 'console errors in the page').toEqual([]);
  },
});

/** Collects the page's console errors and uncaught exceptions that `allowed` does not match. */
export function watchConsoleErrors(page: Page, allowed: RegExp | null): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (!allowed?.test(text)) problems.push(text);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

export { expect };

/** Opens a page and waits until React has hydrated it, so its controls respond. */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await page.locator('html[data-hydrated="true"]').waitFor();
  return response;
}
