/**
 * Small helpers for writing SVG by hand: number formatting that keeps files small, element
 * builders, and the easing curves the demo animation uses.
 */

/** Rounds to one decimal and drops a trailing `.0`, so paths stay short. */
export function n(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

type AttrValue = string | number | undefined | false;

export function attrs(values: Record<string, AttrValue>): string {
  return Object.entries(values)
    .filter(
      (entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== false,
    )
    .map(([key, value]) => ` ${key}="${typeof value === 'number' ? n(value) : escapeXml(value)}"`)
    .join('');
}

/** One element; `children` makes it a container, otherwise it self-closes. */
export function el(name: string, values: Record<string, AttrValue>, children?: string): string {
  return children === undefined
    ? `<${name}${attrs(values)}/>`
    : `<${name}${attrs(values)}>${children}</${name}>`;
}

export function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

export function clamp(value: number, min = 0, max = 1): number {
  return Math.min(max, Math.max(min, value));
}

/** Progress of `t` through the interval [start, end], clamped to 0..1. */
export function progress(t: number, start: number, end: number): number {
  return clamp((t - start) / (end - start));
}

export function lerp(from: number, to: number, amount: number): number {
  return from + (to - from) * amount;
}

export function easeOutCubic(x: number): number {
  return 1 - (1 - x) ** 3;
}

export function easeInOutCubic(x: number): number {
  return x < 0.5 ? 4 * x ** 3 : 1 - (-2 * x + 2) ** 3 / 2;
}

/** Overshoots a little before settling: a badge that pops in. */
export function easeOutBack(x: number): number {
  const c1 = 1.70158;
  const c3 = c1 + 1;
  return 1 + c3 * (x - 1) ** 3 + c1 * (x - 1) ** 2;
}
