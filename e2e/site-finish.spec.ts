import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { PUBLIC_PAGES } from './support/site.ts';

/** The visible text of the page, scripts and styles aside. */
function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => document.body.innerText);
}

/**
 * Dashes that begin a rendered line: for each dash in the page's text, whether the character
 * before it sits on an earlier line.
 */
function dashesStartingALine(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const parent = node.parentElement;
      if (!parent || !parent.checkVisibility() || parent.closest('svg, script, style')) continue;
      for (let at = 1; at < text.length; at += 1) {
        if (!'-–—'.includes(text[at]!)) continue;
        let before = at - 1;
        while (before > 0 && /\s/.test(text[before]!)) before -= 1;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        const dash = range.getBoundingClientRect();
        range.setStart(node, before);
        range.setEnd(node, before + 1);
        const previous = range.getBoundingClientRect();
        if (dash.height > 0 && dash.top > previous.top + previous.height / 2) {
          found.push(text.trim().slice(0, 80));
        }
      }
    }
    return found;
  });
}

test.use({ allowConsoleErrors: /404 \(Not Found\)/ });

for (const path of PUBLIC_PAGES) {
  test(`${path}: typographic apostrophes, no doubled words, and no line starts with a dash on a phone`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const lines = (await visibleText(page)).split('\n');
    expect(lines.filter((line) => line.includes("'"))).toEqual([]);
    // "We let people in in waves": a word typed twice, within one line of text.
    expect(lines.filter((line) => /\b(\w+) +\1\b/i.test(line))).toEqual([]);
    expect(await dashesStartingALine(page)).toEqual([]);
  });
}

test.describe('on a tablet (768 px)', () => {
  test.use({ viewport: { width: 768, height: 1024 } });

  test('the three plans sit side by side', async ({ page }) => {
    await page.goto('/pricing');
    const plans = page.getByRole('region', { name: 'Plans' }).getByRole('article');
    await expect(plans).toHaveCount(3);
    const boxes = await plans.evaluateAll((articles) =>
      articles.map((article) => article.getBoundingClientRect().toJSON() as DOMRect),
    );
    const [free, pro, premium] = boxes as [DOMRect, DOMRect, DOMRect];
    expect(free.right).toBeLessThanOrEqual(pro.left);
    expect(pro.right).toBeLessThanOrEqual(premium.left);
    // Pro may stand out a little, never a row of its own.
    expect(Math.abs(pro.top - free.top)).toBeLessThan(40);
    expect(premium.top).toBe(free.top);
    for (const box of boxes) expect(box.width).toBeLessThan(260);
  });

  test('the footer shows its four link columns in one row', async ({ page }) => {
    await page.goto('/about');
    const headings = page.locator('footer h2');
    await expect(headings).toHaveText([/Product/i, /Company/i, /Legal/i, /Download/i]);
    const tops = await headings.evaluateAll((elements) =>
      elements.map((element) => Math.round(element.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size).toBe(1);
  });
});

test('buttons that lead to waitlist pages say the product is coming soon', async ({ page }) => {
  await page.goto('/');
  const hero = page.locator('section').first();
  await expect(hero.getByRole('link', { name: 'Get the App' })).toBeVisible();
  await expect(hero.getByText('Coming soon · join the waitlist')).toBeVisible();
  const download = page.locator('footer h2', { hasText: 'Download' });
  await expect(download).toContainText('Coming soon');
});
