import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasEmailShape, isValidEmail } from './email-rules.ts';

/** The spec's rule as the spec writes it: the oracle the linear check must agree with. */
const SPEC_PATTERN = /^\S+@\S+\.\S+$/;

/** Every UTF-16 unit JavaScript's `\s` matches: ASCII and Unicode spaces, line ends, BOM. */
const WHITESPACE = Array.from({ length: 0x10000 }, (_, code) => String.fromCharCode(code)).filter(
  (unit) => /\s/.test(unit),
);

/** Strings built from the characters the rule looks at, up to past the length limit. */
function stringsOf(units: string[]) {
  return fc.string({ unit: fc.constantFrom(...units), maxLength: 300 });
}

describe('hasEmailShape', () => {
  it('knows the whitespace it must refuse', () => {
    expect(WHITESPACE).toEqual(expect.arrayContaining([' ', '\t', '\u00a0', '\u2028', '\ufeff']));
  });

  it('agrees with the spec pattern on every string of up to 8 of @ . a and space', () => {
    let strings = [''];
    for (let length = 1; length <= 8; length++) {
      strings = strings.flatMap((prefix) => ['@', '.', 'a', ' '].map((unit) => prefix + unit));
      for (const value of strings)
        expect(hasEmailShape(value), value).toBe(SPEC_PATTERN.test(value));
    }
  });

  it('agrees with the spec pattern on generated strings', () => {
    const disagreesNever = (value: string) => hasEmailShape(value) === SPEC_PATTERN.test(value);
    const samples = [
      stringsOf(['a', '@', '.', ' ', '\u00a0', '\t', 'x']),
      stringsOf(['a', '@', '.', ...WHITESPACE]),
      stringsOf(['@', '.', 'b']),
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.string({ unit: 'grapheme', maxLength: 100 }),
      fc
        .tuple(fc.string(), fc.string(), fc.string(), fc.constantFrom('', ...WHITESPACE))
        .map(([local, domain, top, space]) => `${local}@${domain}.${top}${space}`),
      fc.emailAddress(),
    ];
    for (const strings of samples) fc.assert(fc.property(strings, disagreesNever));
  });

  it('accepts the shapes the spec allows and refuses the rest', () => {
    for (const value of ['a@b.c', 'a@@b.c', '@@b.c', 'a.b@c.d', 'a@b..c', 'a@b.c.', 'a@.@b.c'])
      expect(hasEmailShape(value), value).toBe(true);
    for (const value of ['', '@b.c', 'a@.c', 'a@b.', 'a@bc', 'ab.c', 'a@b.c ', 'a@b\u00a0.c'])
      expect(hasEmailShape(value), value).toBe(false);
  });
});

describe('isValidEmail', () => {
  it('still applies the spec shape after the length and control-character limits', () => {
    expect(isValidEmail('viewer@example.com')).toBe(true);
    expect(isValidEmail('viewer@example')).toBe(false);
    expect(isValidEmail('view\u2003er@example.com')).toBe(false);
  });
});
