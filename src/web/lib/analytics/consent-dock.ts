/**
 * Where the consent bar sits so that it never covers a signup form: at the bottom of the
 * viewport, unless a form is in that band; then just under the nav bar, unless a form is there
 * too (a form taller than the space between both bands cannot be kept clear entirely).
 */
export type ConsentDock = 'top' | 'bottom';

export interface VerticalBox {
  top: number;
  bottom: number;
}

/** Forms the bar must keep clear of. */
export const AVOIDED_BY_CONSENT_BAR = '[data-testid="signup-form"]';

function overlaps(a: VerticalBox, b: VerticalBox): boolean {
  return a.top < b.bottom && b.top < a.bottom;
}

export function consentDock(
  viewportHeight: number,
  barHeight: number,
  navHeight: number,
  avoided: readonly VerticalBox[],
): ConsentDock {
  const bottomBand = { top: viewportHeight - barHeight, bottom: viewportHeight };
  if (!avoided.some((box) => overlaps(box, bottomBand))) return 'bottom';
  const topBand = { top: navHeight, bottom: navHeight + barHeight };
  return avoided.some((box) => overlaps(box, topBand)) ? 'bottom' : 'top';
}

/**
 * Keeps `bar` docked clear of the page's signup forms while it is open: on scroll, resize and
 * focus changes. Returns the function that stops watching.
 */
export function keepConsentBarClear(bar: HTMLElement): () => void {
  let frame = 0;
  const place = () => {
    frame = 0;
    const nav = document.querySelector('header');
    const avoided = [...document.querySelectorAll(AVOIDED_BY_CONSENT_BAR)].map((form) =>
      form.getBoundingClientRect(),
    );
    bar.dataset.dock = consentDock(
      window.innerHeight,
      bar.offsetHeight,
      nav?.getBoundingClientRect().bottom ?? 0,
      avoided,
    );
  };
  const schedule = () => {
    if (frame === 0) frame = requestAnimationFrame(place);
  };
  place();
  window.addEventListener('scroll', schedule, { passive: true });
  window.addEventListener('resize', schedule);
  document.addEventListener('focusin', schedule);
  return () => {
    if (frame !== 0) cancelAnimationFrame(frame);
    window.removeEventListener('scroll', schedule);
    window.removeEventListener('resize', schedule);
    document.removeEventListener('focusin', schedule);
  };
}
