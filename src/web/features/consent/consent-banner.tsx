import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';
import { pages } from '../../route-table.ts';
import { keepConsentBarClear } from '../../lib/analytics/consent-dock.ts';
import {
  acceptAnalytics,
  closeConsentSettings,
  declineAnalytics,
  useConsent,
  type ConsentSnapshot,
} from './consent-store.ts';

// Equal weight for both answers (EDPB guidelines 03/2022 on deceptive design patterns): the
// same shape, size, colour and order of prominence; neither is the "default".
const choiceButton =
  'inline-flex min-h-11 flex-1 items-center justify-center rounded-full border border-ink-400 bg-ink-800 px-5 text-sm font-semibold text-ink-100 transition-colors hover:border-gold-400 hover:text-gold-300 sm:flex-none';

function currentChoiceText(consent: ConsentSnapshot): string | null {
  if (!consent.openedByVisitor || consent.source !== 'stored') return null;
  return consent.choice === 'granted'
    ? 'You currently allow analytics.'
    : 'You currently decline analytics.';
}

/**
 * The analytics question, fixed at the bottom of the page. Not a modal: the page stays usable
 * and nothing is sent while the question is open. Shown on a first visit without a stored
 * choice, or when reopened with ConsentSettingsButton.
 */
export function ConsentBanner() {
  const consent = useConsent();
  const regionRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<Element | null>(null);
  const reopened = consent.bannerOpen && consent.openedByVisitor;

  // Reopened on request: take focus to the banner, and remember where to give it back.
  useEffect(() => {
    if (!reopened) return;
    openerRef.current = document.activeElement;
    regionRef.current?.focus();
  }, [reopened]);

  // While open, the page keeps the bar's space free (app.css).
  const open = consent.active && consent.bannerOpen;
  useEffect(() => {
    document.documentElement.toggleAttribute('data-consent-open', open);
    return () => document.documentElement.removeAttribute('data-consent-open');
  }, [open]);

  // Never over a signup form: the bar moves under the nav while a form is in its way.
  useEffect(() => {
    const bar = regionRef.current;
    if (!open || !bar) return;
    return keepConsentBarClear(bar);
  }, [open]);

  if (!open) return null;

  const finish = (action: () => void) => {
    const hadFocus = regionRef.current?.contains(document.activeElement) ?? false;
    action();
    const opener = openerRef.current;
    openerRef.current = null;
    if (!hadFocus) return;
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    else document.getElementById('main')?.focus({ preventScroll: true });
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && consent.choice !== null) finish(closeConsentSettings);
  };

  return (
    <ConsentBannerView
      regionRef={regionRef}
      onKeyDown={onKeyDown}
      gpc={consent.source === 'gpc'}
      choiceText={currentChoiceText(consent)}
      onAccept={() => finish(acceptAnalytics)}
      onDecline={() => finish(declineAnalytics)}
      onClose={() => finish(closeConsentSettings)}
    />
  );
}

interface ConsentBannerViewProps {
  regionRef?: RefObject<HTMLDivElement | null>;
  onKeyDown?: (event: KeyboardEvent) => void;
  gpc?: boolean;
  choiceText?: string | null;
  onAccept?: () => void;
  onDecline?: () => void;
  onClose?: () => void;
  /**
   * The markup of a page without React (hydration.ts): hidden, with both wordings, for the
   * page script to show the right one (static-page/page-script.ts).
   */
  forPageScript?: boolean;
}

/**
 * A compact bar at the bottom of the viewport, or under the nav bar while a signup form is in
 * the way (consent-dock.ts), so it never covers one. While it is open the page keeps its space
 * free (app.css, `html[data-consent-open]`): the page's end scrolls clear of it.
 */
export function ConsentBannerView({
  regionRef,
  onKeyDown,
  gpc = false,
  choiceText = null,
  onAccept,
  onDecline,
  onClose,
  forPageScript = false,
}: ConsentBannerViewProps) {
  const part = (name: string, shown: boolean) =>
    forPageScript ? { 'data-consent-part': name, hidden: !shown } : {};
  const showAsk = forPageScript || !gpc;
  const showGpc = forPageScript || gpc;
  return (
    // Escape closes a reopened banner; the handler sits on the region that holds the focus.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={regionRef}
      role="region"
      aria-label="Analytics consent"
      tabIndex={-1}
      data-testid="consent-banner"
      data-consent-banner={forPageScript ? '' : undefined}
      hidden={forPageScript}
      onKeyDown={onKeyDown}
      data-dock="bottom"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-ink-600 bg-ink-900 shadow-[0_-12px_40px_-12px_rgba(0,0,0,0.7)] outline-none data-[dock=top]:top-16 data-[dock=top]:bottom-auto data-[dock=top]:border-t-0 data-[dock=top]:border-b data-[dock=top]:shadow-[0_12px_40px_-12px_rgba(0,0,0,0.7)]"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-2.5 px-4 py-3 sm:flex-row sm:items-center sm:gap-6 sm:px-6">
        <p className="flex-1 text-[0.8125rem] leading-snug text-ink-300 sm:text-sm">
          {showAsk ? (
            <strong className="font-semibold text-ink-100" {...part('ask-title', true)}>
              Help us improve ReelScore?{' '}
            </strong>
          ) : null}
          {showGpc ? (
            <strong className="block font-semibold text-ink-100" {...part('gpc-title', false)}>
              Analytics is off
            </strong>
          ) : null}
          {showAsk ? (
            <span {...part('ask-text', true)}>
              With your permission we use Google Analytics to count visits and see which pages help.
              It sets cookies and sends usage data to Google only if you accept.
            </span>
          ) : null}
          {showGpc ? (
            <span {...part('gpc-text', false)}>
              Your browser sends a Global Privacy Control signal, so analytics stays off: nothing is
              loaded from Google and no analytics cookie is set.
            </span>
          ) : null}
          <span {...(forPageScript ? { 'data-consent-part': 'choice' } : {})}>
            {choiceText ? ` ${choiceText}` : ''}
          </span>{' '}
          <a
            href={pages.privacy.path}
            className="font-medium whitespace-nowrap text-gold-300 underline underline-offset-4 hover:text-gold-400"
          >
            Privacy policy
          </a>
        </p>
        <div className="flex shrink-0 gap-2.5">
          {showGpc ? (
            <button
              type="button"
              className={choiceButton}
              onClick={onClose}
              {...part('close', false)}
            >
              Close
            </button>
          ) : null}
          {showAsk ? (
            <>
              <button
                type="button"
                className={choiceButton}
                onClick={onAccept}
                {...part('accept', true)}
              >
                Accept analytics
              </button>
              <button
                type="button"
                className={choiceButton}
                onClick={onDecline}
                {...part('decline', true)}
              >
                Decline
              </button>
            </>
          ) : null}
        </div>
      </div>
    </div>
  );
}
