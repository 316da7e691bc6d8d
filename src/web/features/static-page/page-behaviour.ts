/**
 * What a page without React Router in the browser does with its prerendered HTML
 * (docs/decisions/0026, 0028): the nav bar's scrolled state and mobile menu, and the analytics
 * consent banner with the same rules, storage and Google Analytics calls as the React pages
 * (consent-store.ts), since it runs the same modules: nothing is loaded from Google or sent
 * before the visitor accepts, and then the page view is recorded exactly as the React pages
 * record it. The page script (page-script.ts) and the home page's island script
 * (island-script.tsx) both run it.
 */
import { keepConsentBarClear } from '../../lib/analytics/consent-dock.ts';
import {
  CONSENT_STORAGE_KEY,
  effectiveConsent,
  globalPrivacyControl,
  readStoredChoice,
  storeChoice,
  type ConsentChoice,
  type ConsentSource,
} from '../../lib/analytics/consent-storage.ts';
import type { AnalyticsClient } from '../../lib/analytics/gtag-client.ts';

/** The nav bar turns opaque past this many pixels of scroll (nav-bar.tsx). */
const NAV_SCROLLED_THRESHOLD_PX = 50;

export function startNav() {
  const header = document.querySelector<HTMLElement>('[data-nav-header]');
  const toggle = document.querySelector<HTMLButtonElement>('[data-nav-toggle]');
  const menu = document.getElementById('mobile-menu');
  if (!header) return;
  let menuOpen = false;
  const paint = () => {
    header.dataset.scrolled = String(menuOpen || window.scrollY > NAV_SCROLLED_THRESHOLD_PX);
  };
  paint();
  window.addEventListener('scroll', paint, { passive: true });
  if (!toggle || !menu) return;
  const setOpen = (open: boolean) => {
    menuOpen = open;
    menu.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    toggle.setAttribute('aria-label', open ? 'Close menu' : 'Open menu');
    paint();
  };
  toggle.addEventListener('click', () => setOpen(!menuOpen));
  // The mobile menu closes on a link click (spec section 4) and on a click on its backdrop.
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a, [data-nav-backdrop]')) setOpen(false);
  });
  // Escape closes it too; focus inside it goes back to the toggle.
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    if (menu.contains(document.activeElement)) toggle.focus();
    setOpen(false);
  });
}

export function startConsentBanner(client: AnalyticsClient) {
  if (!client.init()) return;

  const banner = document.querySelector<HTMLElement>('[data-consent-banner]');
  const part = (name: string) =>
    banner?.querySelector<HTMLElement>(`[data-consent-part="${name}"]`) ?? null;
  const settingsButtons = document.querySelectorAll<HTMLButtonElement>('[data-consent-settings]');
  let choice: ConsentChoice | null = null;
  let source: ConsentSource = 'none';
  let opener: Element | null = null;
  let openedByVisitor = false;
  let stopDocking: (() => void) | null = null;

  const apply = (next: ConsentChoice | null) => {
    if (next === 'granted') client.grantConsent();
    else if (next === 'denied') client.denyConsent();
  };

  const show = (open: boolean) => {
    if (!banner) return;
    const gpc = source === 'gpc';
    for (const name of ['ask-title', 'ask-text', 'accept', 'decline']) {
      const element = part(name);
      if (element) element.hidden = gpc;
    }
    for (const name of ['gpc-title', 'gpc-text', 'close']) {
      const element = part(name);
      if (element) element.hidden = !gpc;
    }
    const choiceText = part('choice');
    if (choiceText) {
      choiceText.textContent =
        openedByVisitor && source === 'stored'
          ? choice === 'granted'
            ? ' You currently allow analytics.'
            : ' You currently decline analytics.'
          : '';
    }
    banner.hidden = !open;
    document.documentElement.toggleAttribute('data-consent-open', open);
    if (open) stopDocking ??= keepConsentBarClear(banner);
    else {
      stopDocking?.();
      stopDocking = null;
    }
  };

  const readAndApply = () => {
    const effective = effectiveConsent(readStoredChoice(), globalPrivacyControl());
    choice = effective.choice;
    source = effective.source;
    apply(choice);
  };

  // Back to where the visitor was, if the banner held the focus.
  const finish = (action: () => void) => {
    const hadFocus = banner?.contains(document.activeElement) ?? false;
    action();
    const previous = opener;
    opener = null;
    openedByVisitor = false;
    if (!hadFocus) return;
    if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
    else document.getElementById('main')?.focus({ preventScroll: true });
  };

  const accept = () => {
    if (source === 'gpc') return;
    storeChoice('granted');
    choice = 'granted';
    source = 'stored';
    show(false);
    client.grantConsent();
  };
  const decline = () => {
    if (source !== 'gpc') {
      storeChoice('denied');
      source = 'stored';
    }
    choice = 'denied';
    show(false);
    client.denyConsent();
  };
  const close = () => {
    if (choice !== null) show(false);
  };

  readAndApply();
  show(choice === null);
  part('accept')?.addEventListener('click', () => finish(accept));
  part('decline')?.addEventListener('click', () => finish(decline));
  part('close')?.addEventListener('click', () => finish(close));
  banner?.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && choice !== null) finish(close);
  });
  for (const button of settingsButtons) {
    button.hidden = false;
    button.addEventListener('click', () => {
      opener = document.activeElement;
      openedByVisitor = true;
      show(true);
      banner?.focus();
    });
  }
  window.addEventListener('storage', (event) => {
    if (event.key !== CONSENT_STORAGE_KEY && event.key !== null) return;
    readAndApply();
    show(choice === null || !(banner?.hidden ?? true));
  });

  // Calls to action record their click as ButtonLink does on the React pages (analytics.ts
  // trackClick); nothing is sent without consent.
  document.addEventListener('click', (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>('a[data-track-label]');
    if (!link) return;
    client.trackEvent({
      action: 'click',
      category: 'engagement',
      label: link.dataset.trackLabel,
      custom_parameters: { destination: link.getAttribute('href') },
    });
  });

  // The page view of this page, sent only once the visitor has consented (now or later).
  client.trackPageView();
}
