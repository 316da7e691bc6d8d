import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { pages } from '../../route-table.ts';
import {
  acceptAnalytics,
  closeConsentSettings,
  declineAnalytics,
  useConsent,
  type ConsentSnapshot,
} from './consent-store.ts';

const buttonBase =
  'inline-flex min-h-11 items-center justify-center rounded-full px-5 text-sm font-semibold transition-colors';
const primaryButton = `${buttonBase} bg-gold-400 text-ink-950 hover:bg-gold-300`;
const secondaryButton = `${buttonBase} border border-ink-400 text-ink-100 hover:border-gold-400 hover:text-gold-300`;

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

  if (!consent.active || !consent.bannerOpen) return null;

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

  const gpc = consent.source === 'gpc';
  const choiceText = currentChoiceText(consent);

  return (
    // Escape closes a reopened banner; the handler sits on the region that holds the focus.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={regionRef}
      role="region"
      aria-label="Analytics consent"
      tabIndex={-1}
      data-testid="consent-banner"
      onKeyDown={onKeyDown}
      className="pointer-events-none fixed inset-x-0 bottom-0 z-40 p-3 outline-none sm:p-4"
    >
      <div className="pointer-events-auto mx-auto flex max-w-4xl flex-col gap-4 rounded-2xl border border-ink-600 bg-ink-900 p-5 shadow-2xl shadow-black/60 sm:flex-row sm:items-center sm:gap-6">
        <div className="flex-1 text-sm leading-relaxed text-ink-300">
          <p className="font-semibold text-ink-100">
            {gpc ? 'Analytics is off' : 'Help us improve ReelScore?'}
          </p>
          {gpc ? (
            <p className="mt-1">
              Your browser sends a Global Privacy Control signal, so analytics stays off: nothing is
              loaded from Google and no analytics cookie is set.
            </p>
          ) : (
            <p className="mt-1">
              With your permission we use Google Analytics to count visits and see which pages help.
              It sets cookies and sends usage data to Google only if you accept.
              {choiceText ? ` ${choiceText}` : ''}
            </p>
          )}
          <p className="mt-1">
            <Link
              to={pages.privacy.path}
              className="font-medium text-gold-300 underline underline-offset-4 hover:text-gold-400"
            >
              Privacy policy
            </Link>
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-3">
          {gpc ? (
            <button
              type="button"
              className={secondaryButton}
              onClick={() => finish(closeConsentSettings)}
            >
              Close
            </button>
          ) : (
            <>
              <button
                type="button"
                className={primaryButton}
                onClick={() => finish(acceptAnalytics)}
              >
                Accept analytics
              </button>
              <button
                type="button"
                className={secondaryButton}
                onClick={() => finish(declineAnalytics)}
              >
                Decline
              </button>
            </>
          )}
        </div>
      </div>
    </div>
  );
}
