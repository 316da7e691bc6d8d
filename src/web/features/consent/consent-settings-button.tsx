import { useSyncExternalStore, type ReactNode } from 'react';
import { useStaticPage } from '../../lib/hydration.ts';
import { analyticsConfigured } from '../../lib/analytics/analytics.ts';
import { openConsentSettings } from './consent-store.ts';

const noSubscription = () => () => {};

export interface ConsentSettingsButtonProps {
  className?: string;
  children?: ReactNode;
}

/**
 * Reopens the analytics consent banner so the visitor can change their choice (for the
 * privacy page, for example). Renders nothing in a build without analytics, and nothing in
 * the prerendered HTML of a page that hydrates: without JavaScript there is no analytics and
 * nothing to change. A page without React gets it hidden, for its page script to show.
 */
export function ConsentSettingsButton({
  className = 'font-medium text-gold-300 underline underline-offset-4 hover:text-gold-400',
  children = 'Change analytics settings',
}: ConsentSettingsButtonProps) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const staticPage = useStaticPage();
  if (!analyticsConfigured) return null;
  // A page without React: hidden until the page script finds analytics active and wires it.
  if (staticPage) {
    return (
      <button
        type="button"
        hidden
        className={className}
        data-testid="consent-settings"
        data-consent-settings=""
      >
        {children}
      </button>
    );
  }
  if (!hydrated) return null;
  return (
    <button
      type="button"
      className={className}
      data-testid="consent-settings"
      onClick={openConsentSettings}
    >
      {children}
    </button>
  );
}
