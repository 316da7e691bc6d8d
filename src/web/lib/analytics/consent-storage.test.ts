import { describe, expect, it } from 'vitest';
import {
  CONSENT_VERSION,
  effectiveConsent,
  parseStoredConsent,
  serialiseConsent,
} from './consent-storage.ts';

describe('consent storage', () => {
  it('round-trips a choice', () => {
    expect(parseStoredConsent(serialiseConsent('granted'))).toBe('granted');
    expect(parseStoredConsent(serialiseConsent('denied'))).toBe('denied');
  });

  it.each([null, '', 'yes', '{', 'null', '{"choice":"maybe","version":1}'])(
    'reads %j as no choice',
    (raw) => expect(parseStoredConsent(raw)).toBeNull(),
  );

  it('asks again after the wording changes', () => {
    const old = JSON.stringify({ choice: 'granted', version: CONSENT_VERSION - 1 });
    expect(parseStoredConsent(old)).toBeNull();
  });

  it('treats Global Privacy Control as a refusal that a stored yes does not override', () => {
    expect(effectiveConsent('granted', true)).toEqual({ choice: 'denied', source: 'gpc' });
    expect(effectiveConsent(null, true)).toEqual({ choice: 'denied', source: 'gpc' });
    expect(effectiveConsent('granted', false)).toEqual({ choice: 'granted', source: 'stored' });
    expect(effectiveConsent(null, false)).toEqual({ choice: null, source: 'none' });
  });
});
