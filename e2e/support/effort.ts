import type { Locator, Page } from '@playwright/test';

/** Clicks and key presses of one task, counted as an operator makes them. */
export class Effort {
  clicks = 0;
  keys = 0;
  private readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }
  async click(target: Locator) {
    await target.click();
    this.clicks += 1;
  }
  async press(key: string) {
    await this.page.keyboard.press(key);
    this.keys += 1;
  }
  async type(text: string) {
    await this.page.keyboard.type(text);
    this.keys += text.length;
  }
  /** What was spent since `mark` (an earlier `now()`). */
  since(mark: { clicks: number; keys: number }) {
    return { clicks: this.clicks - mark.clicks, keys: this.keys - mark.keys };
  }
  now() {
    return { clicks: this.clicks, keys: this.keys };
  }
}
