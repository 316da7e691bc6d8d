import { searchBox } from './support/admin.ts';
import { expect, test } from './support/admin-fixtures.ts';

/**
 * The search box writes its settled draft to the address, and the address changes a moment
 * later. A key typed in that moment stays in the box: on a slow machine the box used to take
 * the address's older search back and drop it.
 */
test('every key typed while the settled search is written to the address stays in the box', async ({
  signedIn: page,
}) => {
  // A slow machine, so each write to the address takes long enough to type into.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  const text = 'typing-on@example.com';
  await searchBox(page).click();
  // About as slow as the search settles (300 ms), so it settles between keys again and again.
  await page.keyboard.type(text, { delay: 310 });
  await expect(searchBox(page)).toHaveValue(text);
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === text);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
});
