/**
 * Makes the favicon set, the web app manifest and the Open Graph card from our own drawing
 * (scene.ts), into public/:
 *
 *   favicon.svg, favicon.ico (16, 32, 48), apple-touch-icon.png (180), icon-192.png,
 *   icon-512.png, icon-maskable-512.png, site.webmanifest, og-image.png (1200x630),
 *   mail-wordmark.png (the mail header's wordmark, 264x64, shown at 132x32)
 *
 * Run from the repository root (Node 24; needs Debian's Chromium, or set CHROMIUM_PATH):
 *
 *   node scripts/media/make-icons.ts [--out public]
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { packIco } from './ico.ts';
import { openRenderer, type Renderer } from './render.ts';
import {
  backdrop,
  COLORS,
  DEMO,
  LOGO_MARK_SHAPES,
  logoMark,
  phone,
  ratingCard,
  sceneDefs,
  svgDocument,
  wallPoster,
} from './scene.ts';
import { el } from './svg.ts';

const { values } = parseArgs({ options: { out: { type: 'string', default: 'public' } } });
const out = values.out;
mkdirSync(out, { recursive: true });

/** The mark alone, at `size` pixels, transparent around it. */
function markSvg(size: number): string {
  return svgDocument(size, size, el('g', { transform: `scale(${size / 32})` }, LOGO_MARK_SHAPES));
}

/**
 * The mark on a dark tile. `markShare` is the mark's share of the tile; `radius` rounds the
 * tile's corners (0 for full bleed, as maskable and Apple icons want).
 */
function tileSvg(size: number, markShare: number, radius: number): string {
  const mark = size * markShare;
  const at = (size - mark) / 2;
  return svgDocument(
    size,
    size,
    el('rect', { width: size, height: size, rx: radius, fill: COLORS.ink950 }) +
      logoMark(at, at, mark),
  );
}

/**
 * The wordmark as the site's nav draws it (the mark, then the name in Bebas Neue), for mail
 * headers, where web fonts do not load. Twice the size it is shown at, on transparency.
 */
export function mailWordmarkSvg(): string {
  return svgDocument(
    MAIL_WORDMARK.width,
    MAIL_WORDMARK.height,
    logoMark(0, 0, 64) +
      el(
        'text',
        {
          x: 80,
          y: 50,
          'font-family': "'Bebas Neue', sans-serif",
          'font-size': 48,
          fill: COLORS.ink100,
          'letter-spacing': 1.2,
        },
        'REELSCORE',
      ),
  );
}

/** The wordmark's size in pixels (shown at half of it). */
export const MAIL_WORDMARK = { width: 264, height: 64 } as const;

function ogSvg(): string {
  const W = 1200;
  const H = 630;
  const display = "'Bebas Neue', sans-serif";
  const sans = "'Inter Variable', sans-serif";
  const line = (y: number, words: string, fill: string) =>
    el(
      'text',
      { x: 72, y, 'font-family': display, 'font-size': 104, fill, 'letter-spacing': 1 },
      words,
    );
  const small = (y: number, words: string) =>
    el(
      'text',
      { x: 74, y, 'font-family': sans, 'font-size': 25, 'font-weight': 500, fill: COLORS.ink300 },
      words,
    );
  const card = (kind: 'community' | 'critics', x: number, y: number, value: number) =>
    el('g', { transform: `translate(${x} ${y}) scale(0.8)` }, ratingCard(kind, 0, 0, value, 1));
  return svgDocument(
    W,
    H,
    [
      sceneDefs(),
      backdrop(W, H, 0.35, 860),
      logoMark(72, 76, 54),
      el(
        'text',
        {
          x: 138,
          y: 122,
          'font-family': display,
          'font-size': 52,
          fill: COLORS.ink100,
          'letter-spacing': 2,
        },
        'REELSCORE',
      ),
      line(262, 'Movie ratings', COLORS.ink100),
      line(356, 'in under', COLORS.ink100),
      line(450, '2 seconds', COLORS.gold),
      small(516, 'Point your phone at any movie title.'),
      small(552, 'Community rating and critics’ score, instantly.'),
      wallPoster(620, 178, 0.6),
      phone(770, 64, 0.88, {
        snap: 1,
        flash: 0,
        scanningLabel: 0,
        sheet: 1,
        community: DEMO.community,
        critics: DEMO.critics,
        communityReveal: 1,
        criticsReveal: 1,
      }),
      card('community', 900, 166, DEMO.community),
      card('critics', 924, 284, DEMO.critics),
    ].join(''),
  );
}

async function main(renderer: Renderer) {
  const write = (name: string, data: string | Buffer) => {
    const file = join(out, name);
    writeFileSync(file, data);
    console.log(`wrote ${file} (${(statSync(file).size / 1024).toFixed(1)} KiB)`);
  };

  write('favicon.svg', `${markSvg(32)}\n`);
  const icoSizes = [16, 32, 48];
  const icoImages = [];
  for (const size of icoSizes) {
    icoImages.push({ size, png: await renderer.png(markSvg(size), size, size, true) });
  }
  write('favicon.ico', packIco(icoImages));
  write('apple-touch-icon.png', await renderer.png(tileSvg(180, 0.7, 0), 180, 180));
  write('icon-192.png', await renderer.png(tileSvg(192, 0.72, 42), 192, 192, true));
  write('icon-512.png', await renderer.png(tileSvg(512, 0.72, 112), 512, 512, true));
  write('icon-maskable-512.png', await renderer.png(tileSvg(512, 0.56, 0), 512, 512));
  write('og-image.png', await renderer.png(ogSvg(), 1200, 630));
  write(
    'mail-wordmark.png',
    await renderer.png(mailWordmarkSvg(), MAIL_WORDMARK.width, MAIL_WORDMARK.height, true),
  );

  const manifest = {
    name: 'ReelScore',
    short_name: 'ReelScore',
    description: 'Movie ratings in under 2 seconds.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: COLORS.ink950,
    background_color: COLORS.ink950,
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
  write('site.webmanifest', `${JSON.stringify(manifest, null, 2)}\n`);
}

const renderer = await openRenderer();
try {
  await main(renderer);
} finally {
  await renderer.close();
}
