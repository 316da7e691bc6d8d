import { expect, gotoHydrated, test } from './support/fixtures.ts';

test('shows the preview, plays, and hides the control 3 s after play', async ({ page }) => {
  await gotoHydrated(page, '/');
  const video = page.getByTestId('demo-video');
  await video.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('demo-video-preview')).toBeVisible();
  await expect(
    page.getByTestId('demo-carousel').getByRole('button', { name: 'Next video' }),
  ).toHaveCount(0);

  await page.getByRole('button', { name: 'Play video' }).click();
  await expect(video).toHaveAttribute('data-state', 'playing');
  await page.mouse.move(0, 0);
  await expect(page.getByTestId('demo-video-toggle')).toHaveAttribute('data-visible', 'false', {
    timeout: 5000,
  });
});

test.describe('when the media fails', () => {
  test.use({ allowConsoleErrors: /404 \(Not Found\)|ERR_FAILED/ });

  test('a failing video shows the fallback with a Watch on link', async ({ page }) => {
    await page.route('**/media/demo-scan.webm', (route) =>
      route.fulfill({ status: 404, body: '' }),
    );
    await gotoHydrated(page, '/');
    await page.getByTestId('demo-video').scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Play video' }).click();

    const fallback = page.getByTestId('demo-video-fallback');
    await expect(fallback).toBeVisible();
    await expect(fallback.getByRole('link', { name: /^Watch on/ })).toHaveAttribute(
      'href',
      /tiktok\.com/,
    );
    // The frame is not an empty box: the preview image stays behind the link.
    const preview = fallback.getByTestId('demo-video-fallback-preview');
    await expect(preview).toBeVisible();
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
  });

  test('a failing preview image shows the fallback too', async ({ page }) => {
    await page.route('**/media/demo-scan-poster.svg', (route) =>
      route.fulfill({ status: 404, body: '' }),
    );
    await gotoHydrated(page, '/');
    await page.getByTestId('demo-video').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('demo-video-fallback')).toBeVisible();
    await expect(page.getByTestId('demo-video-fallback-preview')).toHaveCount(0);
  });
});
