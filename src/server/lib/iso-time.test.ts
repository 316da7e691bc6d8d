import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoTime } from './iso-time.ts';

describe('isoTime', () => {
  it('is toISOString for any instant, repeated or not', () => {
    fc.assert(
      fc.property(
        fc.array(fc.date({ noInvalidDate: true }), { minLength: 1, maxLength: 20 }),
        fc.nat(3),
        (dates, repeats) => {
          for (const date of dates) {
            for (let n = 0; n <= repeats; n++) expect(isoTime(date)).toBe(date.toISOString());
          }
        },
      ),
    );
  });

  it('throws for an invalid date, as toISOString does', () => {
    isoTime(new Date(0));
    expect(() => isoTime(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => isoTime(new Date(Number.NaN))).toThrow(RangeError);
  });
});
