import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { trackPageView } from '../../lib/analytics/analytics.ts';
import { ConsentBanner } from './consent-banner.tsx';
import { startConsent } from './consent-store.ts';

/**
 * Analytics for the whole app: initialises it once, asks for consent, and records a page view
 * on every navigation (sent only once the visitor has consented).
 */
export function AnalyticsRoot() {
  const { pathname, search } = useLocation();

  useEffect(() => {
    startConsent();
  }, []);

  // Runs after startConsent on first render (effects run in order), and after the new page's
  // title is in the document on later navigations.
  useEffect(() => {
    trackPageView();
  }, [pathname, search]);

  return <ConsentBanner />;
}
