/**
 * Rasterises SVG documents to PNG in headless Chromium (playwright-core), with the site's own
 * fonts (Bebas Neue, Inter) loaded from src/web/fonts, the files the site serves. No network.
 */
import { readFileSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';

const fontsFolder = new URL('../../src/web/fonts/', import.meta.url);

const FONTS = [
  {
    family: 'Bebas Neue',
    weight: '400',
    file: 'bebas-neue-latin-400.woff2',
  },
  {
    family: 'Inter Variable',
    weight: '100 900',
    file: 'inter-latin-wght.woff2',
  },
];

function fontFaces(): string {
  return FONTS.map(({ family, weight, file }) => {
    const data = readFileSync(new URL(file, fontsFolder)).toString('base64');
    return `@font-face{font-family:'${family}';font-weight:${weight};src:url(data:font/woff2;base64,${data}) format('woff2');}`;
  }).join('\n');
}

export interface Renderer {
  /** One PNG of `svg` at its own size; `transparent` keeps the alpha channel. */
  png(svg: string, width: number, height: number, transparent?: boolean): Promise<Buffer>;
  close(): Promise<void>;
}

export async function openRenderer(): Promise<Renderer> {
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--font-render-hinting=none',
    ],
  });
  const page: Page = await browser.newPage({ deviceScaleFactor: 1 });
  await page.setContent(
    `<!doctype html><html><head><style>${fontFaces()}
      html,body{margin:0;background:transparent}
      #stage{position:absolute;left:0;top:0;line-height:0}
    </style></head><body><div id="stage"></div></body></html>`,
  );
  await page.evaluate(async () => {
    await Promise.all([
      document.fonts.load("40px 'Bebas Neue'"),
      document.fonts.load("400 16px 'Inter Variable'"),
      document.fonts.load("700 16px 'Inter Variable'"),
    ]);
  });

  return {
    async png(svg, width, height, transparent = false) {
      await page.setViewportSize({ width, height });
      await page.evaluate((markup) => {
        document.getElementById('stage')!.innerHTML = markup;
      }, svg);
      return page.screenshot({
        type: 'png',
        clip: { x: 0, y: 0, width, height },
        omitBackground: transparent,
        animations: 'disabled',
      });
    },
    close: () => browser.close(),
  };
}
