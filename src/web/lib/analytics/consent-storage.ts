/**
 * The visitor's analytics choice as kept in localStorage, and how it combines with Global
 * Privacy Control, without React: the store in consent-store.ts and the script of the pages
 * without React (page-behaviour.ts) both read and write it through these.
 */

export const CONSENT_STORAGE_KEY = 'reelscore:analytics-consent';

/** Bump when the banner's wording changes materially, so everyone is asked again. */
export const CONSENT_VERSION = 1;

export type ConsentChoice = 'granted' | 'denied';

/** Where the effective choice comes from: a stored answer, the browser's GPC signal, or none. */
export type ConsentSource = 'stored' | 'gpc' | 'none';

export interface EffectiveConsent {
  choice: ConsentChoice | null;
  source: ConsentSource;
}

interface StoredConsent {
  choice: ConsentChoice;
  version: number;
  decidedAt: string;
}

export function serialiseConsent(choice: ConsentChoice, now = new Date()): string {
  const stored: StoredConsent = { choice, version: CONSENT_VERSION, decidedAt: now.toISOString() };
  return JSON.stringify(stored);
}

/** The stored choice, or null when there is none or it is unreadable or outdated. */
export function parseStoredConsent(raw: string | null): ConsentChoice | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { choice, version } = value as Partial<StoredConsent>;
    if (version !== CONSENT_VERSION) return null;
    return choice === 'granted' || choice === 'denied' ? choice : null;
  } catch {
    return null;
  }
}

/** Global Privacy Control is a refusal that no stored answer overrides. */
export function effectiveConsent(stored: ConsentChoice | null, gpc: boolean): EffectiveConsent {
  if (gpc) return { choice: 'denied', source: 'gpc' };
  return stored ? { choice: stored, source: 'stored' } : { choice: null, source: 'none' };
}

/** Whether the browser sends Global Privacy Control. */
export function globalPrivacyControl(): boolean {
  return (
    (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true
  );
}

// Storage can be unavailable (blocked cookies, some private modes); the choice then lasts for
// this page's lifetime only.
/** The choice kept in this browser, or null. */
export function readStoredChoice(): ConsentChoice | null {
  try {
    return parseStoredConsent(window.localStorage.getItem(CONSENT_STORAGE_KEY));
  } catch {
    return null;
  }
}

/** Keeps the choice in this browser, where storage allows. */
export function storeChoice(choice: ConsentChoice) {
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, serialiseConsent(choice));
  } catch (error) {
    console.warn('Analytics: the consent choice could not be saved.', error);
  }
}
