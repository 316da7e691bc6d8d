import { useSyncExternalStore, type ReactNode } from 'react';
import { analyticsConfigured } from './analytics.ts';
import { openConsentSettings } from './consent-store.ts';

const noSubscription = () => () => {};

export interface ConsentSettingsButtonProps {
  className?: string;
  children?: ReactNode;
}

/**
 * Reopens the analytics consent banner so the visitor can change their choice (for the
 * privacy page, for example). Renders nothing in a build without analytics, and nothing in
 * the prerendered HTML: without JavaScript there is no analytics and nothing to change.
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
  if (!analyticsConfigured || !hydrated) return null;
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
