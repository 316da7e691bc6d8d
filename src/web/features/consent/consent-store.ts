/**
 * The visitor's analytics choice in the browser: read once at start, remembered in
 * localStorage, overridden by Global Privacy Control, kept in step across tabs, and applied to
 * the analytics client. React reads it through useConsent().
 */
import { useSyncExternalStore } from 'react';
import {
  denyAnalyticsConsent,
  grantAnalyticsConsent,
  initAnalytics,
} from '../../lib/analytics/analytics.ts';
import {
  CONSENT_STORAGE_KEY,
  effectiveConsent,
  globalPrivacyControl,
  readStoredChoice,
  storeChoice,
  type ConsentChoice,
  type ConsentSource,
} from '../../lib/analytics/consent-storage.ts';

export interface ConsentSnapshot {
  /** Analytics is enabled, has a measurement id and has been initialised. */
  active: boolean;
  choice: ConsentChoice | null;
  source: ConsentSource;
  bannerOpen: boolean;
  /** The banner was reopened from a settings button rather than shown on first visit. */
  openedByVisitor: boolean;
}

const INITIAL: ConsentSnapshot = {
  active: false,
  choice: null,
  source: 'none',
  bannerOpen: false,
  openedByVisitor: false,
};

let snapshot = INITIAL;
let started = false;
const listeners = new Set<() => void>();

function update(patch: Partial<ConsentSnapshot>) {
  snapshot = { ...snapshot, ...patch };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function apply(choice: ConsentChoice | null) {
  if (choice === 'granted') grantAnalyticsConsent();
  else if (choice === 'denied') denyAnalyticsConsent();
}

function readAndApply() {
  const effective = effectiveConsent(readStoredChoice(), globalPrivacyControl());
  apply(effective.choice);
  return effective;
}

/** Initialises analytics and applies the remembered choice; asks when there is none. */
export function startConsent(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  if (!initAnalytics()) return;
  const effective = readAndApply();
  update({ active: true, ...effective, bannerOpen: effective.choice === null });
  window.addEventListener('storage', (event) => {
    if (event.key !== CONSENT_STORAGE_KEY && event.key !== null) return;
    const changed = readAndApply();
    update({ ...changed, bannerOpen: changed.choice === null || snapshot.bannerOpen });
  });
}

export function acceptAnalytics(): void {
  if (!snapshot.active || snapshot.source === 'gpc') return;
  storeChoice('granted');
  update({ choice: 'granted', source: 'stored', bannerOpen: false });
  grantAnalyticsConsent();
}

export function declineAnalytics(): void {
  if (!snapshot.active) return;
  if (snapshot.source !== 'gpc') storeChoice('denied');
  update({
    choice: 'denied',
    source: snapshot.source === 'gpc' ? 'gpc' : 'stored',
    bannerOpen: false,
  });
  denyAnalyticsConsent();
}

/** Reopens the banner so the visitor can change their choice. */
export function openConsentSettings(): void {
  if (!snapshot.active) return;
  update({ bannerOpen: true, openedByVisitor: true });
}

/** Closes a reopened banner without changing the choice; a first-visit banner stays. */
export function closeConsentSettings(): void {
  if (snapshot.choice === null) return;
  update({ bannerOpen: false });
}

export function useConsent(): ConsentSnapshot {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => INITIAL,
  );
}
