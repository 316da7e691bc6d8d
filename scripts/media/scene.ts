/**
 * The ReelScore imagery, drawn in SVG: a fictional film poster ("Neon Tide"), a phone scanning
 * it, the two rating badges, the logo mark, and the demo animation as a function of time. The
 * demo video, its preview image, the Open Graph card and the icons are all made from these
 * pieces, so they always match.
 *
 * Colours follow src/web/app.css. Text uses "Bebas Neue" and "Inter Variable"; the renderer
 * (render.ts) loads both from the project's @fontsource packages. The first frame of the demo
 * has no text at all, so the preview SVG looks the same in an <img>, where web fonts are not
 * available.
 */
import {
  clamp,
  easeInOutCubic,
  easeOutBack,
  easeOutCubic,
  el,
  escapeXml,
  lerp,
  n,
  progress,
} from './svg.ts';

export const COLORS = {
  ink950: '#07080c',
  ink900: '#0d0f16',
  ink800: '#151823',
  ink700: '#202433',
  ink600: '#2e3346',
  ink400: '#8a90a6',
  ink300: '#b4b9ca',
  ink100: '#eceef4',
  gold: '#ffc94d',
  community: '#5cc8ff',
  critics: '#ff6b5c',
} as const;

export const DEMO = {
  width: 720,
  height: 1280,
  fps: 30,
  /** Seconds. */
  duration: 8,
  film: { title: 'Neon Tide', meta: '2025 · Sci-fi drama · 1h 52m' },
  // Viewers like it, critics don't: the two ratings disagree, as they do for the films in the
  // site's phone pictures (src/web/components/marketing/mockup-films.ts), with other scores.
  community: 7.9,
  critics: 41,
} as const;

const DISPLAY_FONT = "'Bebas Neue', 'Inter Variable', sans-serif";
const TEXT_FONT = "'Inter Variable', 'DejaVu Sans', sans-serif";

// ---------------------------------------------------------------------------------------------
// Logo mark (the same shapes as src/web/components/ui/logo.tsx, on a 32x32 grid).

export const LOGO_MARK_SHAPES = [
  el('rect', { x: 2, y: 5, width: 28, height: 22, rx: 5, fill: COLORS.gold }),
  el('rect', { x: 6, y: 9, width: 20, height: 14, rx: 2, fill: COLORS.ink950 }),
  el('rect', { x: 9, y: 17, width: 3, height: 4, rx: 1, fill: COLORS.community }),
  el('rect', { x: 14.5, y: 14, width: 3, height: 7, rx: 1, fill: COLORS.gold }),
  el('rect', { x: 20, y: 11, width: 3, height: 10, rx: 1, fill: COLORS.critics }),
].join('');

export function logoMark(x: number, y: number, size: number): string {
  return el('g', { transform: `translate(${n(x)} ${n(y)}) scale(${size / 32})` }, LOGO_MARK_SHAPES);
}

// ---------------------------------------------------------------------------------------------
// The poster of the fictional film, 340 x 500, defined once and placed with <use>.

const POSTER_W = 340;
const POSTER_H = 500;

/** Neon-tube letters on a 6 x 10 grid, so the title needs no font. */
const GLYPHS: Record<string, { d: string; w: number }> = {
  N: { d: 'M0 10V0L6 10V0', w: 6 },
  E: { d: 'M6 0H0V10H6M0 5H4.6', w: 6 },
  O: { d: 'M1.8 0H4.2Q6 0 6 1.8V8.2Q6 10 4.2 10H1.8Q0 10 0 8.2V1.8Q0 0 1.8 0Z', w: 6 },
  T: { d: 'M0 0H6M3 0V10', w: 6 },
  I: { d: 'M0 0V10', w: 0 },
  D: { d: 'M0 0V10H3Q6 10 6 7V3Q6 0 3 0Z', w: 6 },
};
const GLYPH_GAP = 2.6;

function neonWord(word: string, cx: number, y: number, scale: number, color: string, core: string) {
  const letters = [...word].map((char) => GLYPHS[char] ?? GLYPHS.I!);
  const width = letters.reduce((sum, g) => sum + g.w, 0) + GLYPH_GAP * (letters.length - 1);
  let x = cx / scale - width / 2;
  const parts: string[] = [];
  for (const glyph of letters) {
    parts.push(el('path', { d: glyph.d, transform: `translate(${n(x)} 0)` }));
    x += glyph.w + GLYPH_GAP;
  }
  const tubes = parts.join('');
  return el(
    'g',
    {
      transform: `translate(0 ${n(y)}) scale(${scale})`,
      fill: 'none',
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    },
    el('g', { stroke: color, 'stroke-width': 1.15 }, tubes) +
      el('g', { stroke: core, 'stroke-width': 0.35 }, tubes),
  );
}

function posterArt(): string {
  const sunStripes = [0, 1, 2, 3, 4]
    .map((i) =>
      el('rect', { x: 60, y: 222 + i * 16, width: 220, height: 2 + i * 1.8, fill: '#3b1246' }),
    )
    .join('');
  const reflection = [0, 1, 2, 3, 4, 5]
    .map((i) =>
      el('rect', {
        x: 170 - (110 - i * 16) / 2,
        y: 308 + i * 11,
        width: 110 - i * 16,
        height: 2.5,
        rx: 1.2,
        fill: '#ff9f6b',
        opacity: 0.75 - i * 0.1,
      }),
    )
    .join('');
  const waves = [0, 1, 2]
    .map((i) => {
      const y = 392 + i * 34;
      return el('path', {
        d: `M0 ${y}q28.3 -10 56.7 0t56.7 0t56.7 0t56.7 0t56.7 0t56.7 0`,
        fill: 'none',
        stroke: '#3fd0c4',
        'stroke-width': 2,
        opacity: 0.28 - i * 0.06,
      });
    })
    .join('');
  const bars = (y: number, widths: number[], opacity: number, height = 4) => {
    const gap = 8;
    const total = widths.reduce((a, b) => a + b, 0) + gap * (widths.length - 1);
    let x = 170 - total / 2;
    return widths
      .map((w) => {
        const bar = el('rect', {
          x,
          y,
          width: w,
          height,
          rx: height / 2,
          fill: COLORS.ink100,
          opacity,
        });
        x += w + gap;
        return bar;
      })
      .join('');
  };
  return [
    el('rect', { width: POSTER_W, height: POSTER_H, fill: 'url(#rs-sky)' }),
    el('circle', { cx: 170, cy: 205, r: 100, fill: 'url(#rs-sun)' }),
    el('g', { 'clip-path': 'url(#rs-sun-clip)' }, sunStripes),
    el('rect', { y: 300, width: POSTER_W, height: 200, fill: 'url(#rs-sea)' }),
    el('rect', { y: 299, width: POSTER_W, height: 2, fill: '#ff7fb0', opacity: 0.7 }),
    reflection,
    waves,
    bars(30, [54, 70, 48], 0.55),
    bars(46, [86], 0.3, 3),
    el(
      'g',
      { filter: 'url(#rs-neon)' },
      neonWord('NEON', 170, 356, 5.2, '#ff5fa8', '#ffe0ef') +
        neonWord('TIDE', 170, 424, 4.4, '#45e6d6', '#e3fffb'),
    ),
    bars(484, [40, 28, 52, 34, 44], 0.28, 3),
  ].join('');
}

/** Gradients, filters, clip paths and the poster symbol every frame refers to. */
export function sceneDefs(): string {
  const stop = (offset: number, color: string, opacity = 1) =>
    el('stop', {
      offset,
      'stop-color': color,
      'stop-opacity': opacity === 1 ? undefined : opacity,
    });
  return el(
    'defs',
    {},
    [
      el(
        'linearGradient',
        { id: 'rs-sky', x1: 0, y1: 0, x2: 0, y2: 1 },
        stop(0, '#12082a') + stop(0.6, '#3b1246'),
      ),
      el(
        'linearGradient',
        { id: 'rs-sun', x1: 0, y1: 0, x2: 0, y2: 1 },
        stop(0, COLORS.gold) + stop(0.55, '#ff7a6b') + stop(1, '#ff3f8e'),
      ),
      el(
        'linearGradient',
        { id: 'rs-sea', x1: 0, y1: 0, x2: 0, y2: 1 },
        stop(0, '#0c3342') + stop(1, '#05121a'),
      ),
      el(
        'linearGradient',
        { id: 'rs-wall', x1: 0, y1: 0, x2: 0, y2: 1 },
        stop(0, '#0e1019') + stop(1, COLORS.ink950),
      ),
      el(
        'radialGradient',
        { id: 'rs-spot', cx: 0.5, cy: 0, r: 0.5 },
        stop(0, COLORS.gold, 0.3) + stop(1, COLORS.gold, 0),
      ),
      el(
        'linearGradient',
        { id: 'rs-beam', x1: 0, y1: 0, x2: 1, y2: 0 },
        stop(0, COLORS.gold, 0.11) + stop(1, COLORS.gold, 0.015),
      ),
      el(
        'linearGradient',
        { id: 'rs-scan', x1: 0, y1: 0, x2: 0, y2: 1 },
        stop(0, COLORS.gold, 0) + stop(1, COLORS.gold, 0.38),
      ),
      el(
        'linearGradient',
        { id: 'rs-cam', x1: 0, y1: 0, x2: 0, y2: 1 },
        stop(0, '#171a2a') + stop(1, '#0a0b11'),
      ),
      el(
        'filter',
        { id: 'rs-neon', x: -0.2, y: -0.2, width: 1.4, height: 1.4 },
        el('feGaussianBlur', { stdDeviation: 4, result: 'b' }) +
          el(
            'feMerge',
            {},
            el('feMergeNode', { in: 'b' }) + el('feMergeNode', { in: 'SourceGraphic' }),
          ),
      ),
      el(
        'filter',
        { id: 'rs-soft', x: -0.5, y: -0.5, width: 2, height: 2 },
        el('feGaussianBlur', { stdDeviation: 18 }),
      ),
      el('clipPath', { id: 'rs-sun-clip' }, el('circle', { cx: 170, cy: 205, r: 100 })),
      el(
        'clipPath',
        { id: 'rs-poster-clip' },
        el('rect', { width: POSTER_W, height: POSTER_H, rx: 4 }),
      ),
      el(
        'clipPath',
        { id: 'rs-screen-clip' },
        el('rect', { x: 11, y: 11, width: 268, height: 558, rx: 36 }),
      ),
      el('g', { id: 'rs-poster', 'clip-path': 'url(#rs-poster-clip)' }, posterArt()),
    ].join(''),
  );
}

// ---------------------------------------------------------------------------------------------
// Pieces of the scene.

/** The wall behind everything, a spotlight and a row of marquee bulbs chasing slowly. */
export function backdrop(width: number, height: number, t: number, spotX: number): string {
  const bulbs: string[] = [];
  const step = 32;
  const count = Math.floor((width - 32) / step) + 1;
  const start = (width - (count - 1) * step) / 2;
  for (let i = 0; i < count; i++) {
    const wave = Math.max(0, Math.cos(2 * Math.PI * (i / 9 - t * 0.45))) ** 6;
    bulbs.push(
      el('circle', {
        cx: start + i * step,
        cy: 28,
        r: 3.2,
        fill: COLORS.gold,
        opacity: 0.18 + 0.62 * wave,
      }),
    );
  }
  return [
    el('rect', { width, height, fill: 'url(#rs-wall)' }),
    el('ellipse', { cx: spotX, cy: 0, rx: 620, ry: 760, fill: 'url(#rs-spot)' }),
    el('g', {}, bulbs.join('')),
  ].join('');
}

/** The printed poster on the wall, with its frame; `scan` 0..1 draws the scan band. */
export function wallPoster(x: number, y: number, scale: number, scan?: number): string {
  const w = POSTER_W * scale;
  const h = POSTER_H * scale;
  const parts = [
    el('rect', {
      x: x - 10 * scale,
      y: y - 10 * scale,
      width: w + 20 * scale,
      height: h + 20 * scale,
      rx: 8 * scale,
      fill: COLORS.ink800,
      stroke: COLORS.ink600,
      'stroke-width': 1.5,
    }),
    el('use', { href: '#rs-poster', transform: `translate(${n(x)} ${n(y)}) scale(${scale})` }),
  ];
  if (scan !== undefined) {
    const lineY = y + h * scan;
    const band = Math.min(70 * scale, lineY - y);
    parts.push(
      el('rect', {
        x,
        y: lineY - band,
        width: w,
        height: band,
        fill: 'url(#rs-scan)',
        opacity: 0.55,
      }),
      el('rect', { x, y: lineY - 1, width: w, height: 2, fill: COLORS.gold, opacity: 0.6 }),
    );
  }
  return parts.join('');
}

export interface PhoneState {
  /** Scan line position 0..1 while scanning. */
  scan?: number;
  /** 0..1: the viewfinder snaps tight around the recognised poster. */
  snap: number;
  /** 0..1 white flash when the title is recognised. */
  flash: number;
  /** 0..1: 'SCANNING' label. */
  scanningLabel: number;
  /** 0..1: the result sheet sliding up. */
  sheet: number;
  community: number;
  critics: number;
  /** 0..1: each value replaces its loading bar. */
  communityReveal: number;
  criticsReveal: number;
}

const PHONE_W = 290;
const PHONE_H = 580;
/** The camera view of the poster inside the phone, in phone coordinates. */
export const PHONE_VIEW = { x: 50, y: 62, scale: 0.56 } as const;

function brackets(x: number, y: number, w: number, h: number, arm: number): string {
  const d = [
    `M${n(x)} ${n(y + arm)}V${n(y)}H${n(x + arm)}`,
    `M${n(x + w - arm)} ${n(y)}H${n(x + w)}V${n(y + arm)}`,
    `M${n(x + w)} ${n(y + h - arm)}V${n(y + h)}H${n(x + w - arm)}`,
    `M${n(x + arm)} ${n(y + h)}H${n(x)}V${n(y + h - arm)}`,
  ].join('');
  return el('path', {
    d,
    fill: 'none',
    stroke: COLORS.gold,
    'stroke-width': 4,
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
  });
}

function text(
  x: number,
  y: number,
  content: string,
  style: {
    size: number;
    fill: string;
    weight?: number;
    family?: string;
    anchor?: string;
    spacing?: number;
    opacity?: number;
  },
): string {
  return el(
    'text',
    {
      x,
      y,
      'font-family': style.family ?? TEXT_FONT,
      'font-size': style.size,
      'font-weight': style.weight,
      fill: style.fill,
      'text-anchor': style.anchor,
      'letter-spacing': style.spacing,
      opacity: style.opacity,
    },
    escapeXml(content),
  );
}

function formatCommunity(value: number): string {
  return value.toFixed(1);
}

/** A rating in the result sheet: a loading bar until `reveal` brings in the value. */
function ratingPill(
  x: number,
  y: number,
  color: string,
  value: string,
  suffix: string,
  label: string,
  reveal: number,
): string {
  const small = suffix
    ? el('tspan', { 'font-family': TEXT_FONT, 'font-size': 13, fill: COLORS.ink400 }, ` ${suffix}`)
    : '';
  return [
    el('rect', {
      x,
      y,
      width: 108,
      height: 70,
      rx: 14,
      fill: color,
      'fill-opacity': 0.12,
      stroke: color,
      'stroke-opacity': 0.55,
      'stroke-width': 1.5,
    }),
    reveal < 1
      ? el('rect', {
          x: x + 14,
          y: y + 16,
          width: 58,
          height: 24,
          rx: 6,
          fill: color,
          opacity: 0.22 * (1 - reveal),
        })
      : '',
    reveal > 0
      ? el(
          'text',
          {
            x: x + 14,
            y: y + 40,
            'font-family': DISPLAY_FONT,
            'font-size': 36,
            fill: color,
            opacity: reveal,
          },
          escapeXml(value) + small,
        )
      : '',
    text(x + 14, y + 59, label, { size: 10, fill: COLORS.ink300, weight: 600, spacing: 1.2 }),
  ].join('');
}

/** The phone, 290 x 580, showing the camera view and, later, the result sheet. */
export function phone(x: number, y: number, scale: number, state: PhoneState): string {
  const view = PHONE_VIEW;
  const vw = POSTER_W * view.scale;
  const vh = POSTER_H * view.scale;
  const gap = lerp(14, 6, state.snap);
  const content: string[] = [
    el('rect', { x: 11, y: 11, width: 268, height: 558, fill: 'url(#rs-cam)' }),
    el('ellipse', { cx: 145, cy: 40, rx: 200, ry: 220, fill: 'url(#rs-spot)' }),
    el('rect', {
      x: view.x - 6,
      y: view.y - 6,
      width: vw + 12,
      height: vh + 12,
      rx: 5,
      fill: COLORS.ink800,
      opacity: 0.9,
    }),
    el('use', {
      href: '#rs-poster',
      transform: `translate(${view.x} ${view.y}) scale(${view.scale})`,
    }),
  ];
  if (state.scan !== undefined) {
    const lineY = view.y + vh * state.scan;
    const band = Math.min(48, lineY - view.y);
    content.push(
      el('rect', { x: view.x, y: lineY - band, width: vw, height: band, fill: 'url(#rs-scan)' }),
      el('rect', {
        x: view.x - 8,
        y: lineY - 1.5,
        width: vw + 16,
        height: 3,
        rx: 1.5,
        fill: COLORS.gold,
      }),
    );
  }
  if (state.flash > 0) {
    content.push(
      el('rect', {
        x: view.x,
        y: view.y,
        width: vw,
        height: vh,
        fill: '#ffffff',
        opacity: 0.4 * state.flash,
      }),
    );
  }
  content.push(brackets(view.x - gap, view.y - gap, vw + gap * 2, vh + gap * 2, 26));
  if (state.scanningLabel > 0) {
    content.push(
      el(
        'g',
        { opacity: state.scanningLabel },
        el('rect', {
          x: 85,
          y: 372,
          width: 120,
          height: 28,
          rx: 14,
          fill: COLORS.gold,
          'fill-opacity': 0.14,
          stroke: COLORS.gold,
          'stroke-opacity': 0.55,
        }) +
          text(145, 390.5, 'SCANNING…', {
            size: 11,
            fill: COLORS.gold,
            weight: 700,
            anchor: 'middle',
            spacing: 2,
          }),
      ),
    );
  }
  if (state.sheet > 0) {
    const sy = lerp(569, 352, state.sheet);
    content.push(
      el(
        'g',
        {},
        [
          el('rect', {
            x: 11,
            y: sy,
            width: 268,
            height: 260,
            rx: 24,
            fill: COLORS.ink800,
            stroke: COLORS.ink600,
            'stroke-width': 1,
          }),
          el('rect', { x: 125, y: sy + 10, width: 40, height: 4, rx: 2, fill: COLORS.ink600 }),
          text(31, sy + 46, DEMO.film.title, { size: 21, fill: COLORS.ink100, weight: 700 }),
          text(31, sy + 68, DEMO.film.meta, { size: 12.5, fill: COLORS.ink400 }),
          ratingPill(
            31,
            sy + 86,
            COLORS.community,
            formatCommunity(state.community),
            '/10',
            'COMMUNITY',
            state.communityReveal,
          ),
          ratingPill(
            151,
            sy + 86,
            COLORS.critics,
            `${Math.round(state.critics)}%`,
            '',
            'CRITICS',
            state.criticsReveal,
          ),
        ].join(''),
      ),
    );
  }
  content.push(
    el('rect', { x: 95, y: 553, width: 100, height: 4, rx: 2, fill: COLORS.ink400, opacity: 0.7 }),
  );

  return el(
    'g',
    { transform: `translate(${n(x)} ${n(y)})${scale === 1 ? '' : ` scale(${scale})`}` },
    [
      el('rect', { x: -3, y: 118, width: 4, height: 38, rx: 2, fill: COLORS.ink700 }),
      el('rect', { x: -3, y: 170, width: 4, height: 62, rx: 2, fill: COLORS.ink700 }),
      el('rect', { x: PHONE_W - 1, y: 160, width: 4, height: 84, rx: 2, fill: COLORS.ink700 }),
      el('rect', {
        width: PHONE_W,
        height: PHONE_H,
        rx: 46,
        fill: COLORS.ink800,
        stroke: COLORS.ink600,
        'stroke-width': 2,
      }),
      el('g', { 'clip-path': 'url(#rs-screen-clip)' }, content.join('')),
      el('rect', { x: 100, y: 24, width: 90, height: 26, rx: 13, fill: '#000000' }),
    ].join(''),
  );
}

function starIcon(cx: number, cy: number, r: number, color: string): string {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${n(cx + radius * Math.cos(angle))},${n(cy + radius * Math.sin(angle))}`);
  }
  return el('polygon', { points: points.join(' '), fill: color });
}

function medalIcon(cx: number, cy: number, r: number, color: string): string {
  return [
    el('path', {
      d: `M${n(cx - r * 0.55)} ${n(cy + r * 0.3)}l-${n(r * 0.3)} ${n(r * 1.05)}l${n(r * 0.55)} -${n(r * 0.25)}l${n(r * 0.3)} ${n(r * 0.45)}l${n(r * 0.25)} -${n(r * 0.85)}Z`,
      fill: color,
      opacity: 0.7,
    }),
    el('path', {
      d: `M${n(cx + r * 0.55)} ${n(cy + r * 0.3)}l${n(r * 0.3)} ${n(r * 1.05)}l-${n(r * 0.55)} -${n(r * 0.25)}l-${n(r * 0.3)} ${n(r * 0.45)}l-${n(r * 0.25)} -${n(r * 0.85)}Z`,
      fill: color,
      opacity: 0.7,
    }),
    el('circle', { cx, cy: cy - r * 0.1, r: r * 0.72, fill: color }),
    el('circle', {
      cx,
      cy: cy - r * 0.1,
      r: r * 0.4,
      fill: 'none',
      stroke: COLORS.ink900,
      'stroke-width': r * 0.14,
    }),
  ].join('');
}

/** A large rating badge, 300 x 118; `appear` 0..1 pops it in. */
export function ratingCard(
  kind: 'community' | 'critics',
  x: number,
  y: number,
  value: number,
  appear: number,
): string {
  if (appear <= 0) return '';
  const color = kind === 'community' ? COLORS.community : COLORS.critics;
  const label = kind === 'community' ? 'Community rating' : 'Critics’ score';
  const shown = kind === 'community' ? formatCommunity(value) : `${Math.round(value)}%`;
  const w = 300;
  const h = 118;
  const s = lerp(0.82, 1, easeOutBack(appear));
  const cx = x + w / 2;
  const cy = y + h / 2;
  const icon =
    kind === 'community' ? starIcon(x + 52, cy, 17, color) : medalIcon(x + 52, cy - 2, 17, color);
  return el(
    'g',
    {
      opacity: clamp(appear * 1.6),
      transform: `translate(${n(cx)} ${n(cy)}) scale(${Math.round(s * 1000) / 1000}) translate(${n(-cx)} ${n(-cy)})`,
    },
    [
      el('rect', {
        x: x + 24,
        y: y + 24,
        width: w - 48,
        height: h - 36,
        rx: 18,
        fill: color,
        opacity: 0.22,
        filter: 'url(#rs-soft)',
      }),
      el('rect', {
        x,
        y,
        width: w,
        height: h,
        rx: 20,
        fill: COLORS.ink900,
        stroke: color,
        'stroke-opacity': 0.65,
        'stroke-width': 1.5,
      }),
      el('circle', { cx: x + 52, cy, r: 30, fill: color, 'fill-opacity': 0.13 }),
      icon,
      el(
        'text',
        { x: x + 98, y: y + 66, 'font-family': DISPLAY_FONT, 'font-size': 58, fill: color },
        escapeXml(shown) +
          (kind === 'community'
            ? el(
                'tspan',
                {
                  'font-family': TEXT_FONT,
                  'font-size': 17,
                  'font-weight': 500,
                  fill: COLORS.ink400,
                },
                ' / 10',
              )
            : ''),
      ),
      text(x + 98, y + 94, label, { size: 16, fill: COLORS.ink300, weight: 500 }),
    ].join(''),
  );
}

function boltIcon(x: number, y: number, color: string): string {
  return el('path', {
    d: `M${n(x + 7)} ${n(y)}L${n(x)} ${n(y + 10)}h5.5l-1.5 8l7.5 -10.5h-5.5l1.5 -7.5Z`,
    fill: color,
  });
}

/** 'Recognised in 1.4 s', gold; `appear` 0..1. */
export function recognisedChip(x: number, y: number, appear: number): string {
  if (appear <= 0) return '';
  const e = easeOutCubic(appear);
  return el(
    'g',
    { opacity: e, transform: `translate(0 ${n((1 - e) * 10)})` },
    el('rect', {
      x,
      y,
      width: 212,
      height: 38,
      rx: 19,
      fill: COLORS.gold,
      'fill-opacity': 0.12,
      stroke: COLORS.gold,
      'stroke-opacity': 0.6,
    }) +
      boltIcon(x + 18, y + 10, COLORS.gold) +
      text(x + 44, y + 24.5, 'Recognised in 1.4 s', { size: 15, fill: COLORS.gold, weight: 600 }),
  );
}

/** Logo, name and tagline; `appear` 0..1. */
export function lowerThird(x: number, y: number, appear: number): string {
  if (appear <= 0) return '';
  const e = easeOutCubic(appear);
  return el(
    'g',
    { opacity: e, transform: `translate(0 ${n((1 - e) * 14)})` },
    logoMark(x, y, 44) +
      text(x + 54, y + 36, 'REELSCORE', {
        size: 42,
        fill: COLORS.ink100,
        family: DISPLAY_FONT,
        spacing: 1.5,
      }) +
      text(x, y + 74, 'Movie ratings in under 2 seconds', {
        size: 18,
        fill: COLORS.ink300,
        weight: 500,
      }),
  );
}

// ---------------------------------------------------------------------------------------------
// The demo animation.

/** Seconds at which things happen; the scan takes 1.4 s, as the chip says. */
const T = {
  scanStart: 0.7,
  recognised: 2.1,
  sheet: [2.2, 2.75],
  chip: [2.45, 2.85],
  community: [2.9, 3.4],
  communityCount: [2.9, 3.7],
  critics: [3.3, 3.8],
  criticsCount: [3.3, 4.1],
  lowerThird: [4.6, 5.3],
} as const;

// Portrait, like the short-video platform the demo also lives on: the poster on the wall at the
// top, the phone below it, the ratings floating over the poster once it is recognised.
const POSTER_AT = { x: 207, y: 122, scale: 0.9 } as const;
const PHONE_AT = { x: 222, y: 598, scale: 0.95 } as const;

/** Logo, name and tagline centred on `cx`; `appear` 0..1. */
function centredLowerThird(cx: number, y: number, appear: number): string {
  if (appear <= 0) return '';
  const e = easeOutCubic(appear);
  return el(
    'g',
    { opacity: e, transform: `translate(0 ${n((1 - e) * 14)})` },
    logoMark(cx - 104, y, 44) +
      text(cx - 50, y + 37, 'REELSCORE', {
        size: 44,
        fill: COLORS.ink100,
        family: DISPLAY_FONT,
        spacing: 1.5,
      }) +
      text(cx, y + 80, 'Movie ratings in under 2 seconds', {
        size: 23,
        fill: COLORS.ink300,
        weight: 500,
        anchor: 'middle',
      }),
  );
}

function placed(x: number, y: number, scale: number, content: string): string {
  return content ? el('g', { transform: `translate(${x} ${y}) scale(${scale})` }, content) : '';
}

/** The whole frame at `t` seconds, as an SVG document. */
export function demoFrame(t: number): string {
  const scanning = t >= T.scanStart && t < T.recognised + 0.05;
  const scan = scanning ? easeInOutCubic(progress(t, T.scanStart, T.recognised)) : undefined;
  // A hand never holds still: a slow drift that starts from rest at t = 0.
  const px = PHONE_AT.x + 3 * Math.sin((2 * Math.PI * t) / 4.2);
  const py = PHONE_AT.y + 4 * Math.sin((2 * Math.PI * t) / 3.1);

  const state: PhoneState = {
    snap: t < T.recognised ? 0 : easeOutBack(progress(t, T.recognised, T.recognised + 0.3)),
    flash: t < T.recognised ? 0 : 1 - progress(t, T.recognised, T.recognised + 0.4),
    scanningLabel:
      t < T.recognised
        ? progress(t, T.scanStart - 0.2, T.scanStart + 0.1)
        : 1 - progress(t, T.recognised, T.recognised + 0.15),
    sheet: easeOutCubic(progress(t, ...T.sheet)),
    community: DEMO.community * easeOutCubic(progress(t, ...T.communityCount)),
    critics: DEMO.critics * easeOutCubic(progress(t, ...T.criticsCount)),
    communityReveal: progress(t, T.community[0], T.community[0] + 0.25),
    criticsReveal: progress(t, T.critics[0], T.critics[0] + 0.25),
    ...(scan === undefined ? {} : { scan }),
  };

  const body = [
    sceneDefs(),
    backdrop(DEMO.width, DEMO.height, t, DEMO.width / 2),
    wallPoster(POSTER_AT.x, POSTER_AT.y, POSTER_AT.scale, scan),
    // The phone's shadow on the poster and the wall.
    el('rect', {
      x: px + 10,
      y: py + 24,
      width: 266,
      height: 540,
      rx: 44,
      fill: '#000000',
      opacity: 0.6,
      filter: 'url(#rs-soft)',
    }),
    phone(px, py, PHONE_AT.scale, state),
    placed(222, 46, 1.3, recognisedChip(0, 0, progress(t, ...T.chip))),
    placed(
      14,
      236,
      1.1,
      ratingCard('community', 0, 0, state.community, progress(t, ...T.community)),
    ),
    placed(376, 396, 1.1, ratingCard('critics', 0, 0, state.critics, progress(t, ...T.critics))),
    centredLowerThird(DEMO.width / 2, 1170, progress(t, ...T.lowerThird)),
  ].join('');
  return svgDocument(DEMO.width, DEMO.height, body);
}

export function svgDocument(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}
