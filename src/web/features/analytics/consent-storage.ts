/**
 * The visitor's analytics choice as kept in localStorage, and how it combines with Global
 * Privacy Control. Pure functions: the store in consent-store.ts does the reading and writing.
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
