import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike } from './email-search.ts';

describe('email search patterns', () => {
  it('escapes the LIKE wildcards and the escape character', () => {
    expect(escapeLike('100%_real\\x')).toBe('100\\%\\_real\\\\x');
    expect(escapeLike('plain.address@example.com')).toBe('plain.address@example.com');
  });

  it('matches a trimmed, lower-cased term anywhere', () => {
    expect(containsPattern('  Anna_B ')).toBe('%anna\\_b%');
  });

  it('has no pattern for an empty or blank term', () => {
    expect(containsPattern(undefined)).toBeUndefined();
    expect(containsPattern('')).toBeUndefined();
    expect(containsPattern('   ')).toBeUndefined();
  });
});
