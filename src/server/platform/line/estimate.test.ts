import { describe, expect, it } from 'vitest';
import { estimateFor, estimateInWords, rangeInWords } from './estimate.ts';

describe('the estimate', () => {
  it('says so before the first wave, and when waves stopped', () => {
    expect(estimateInWords(estimateFor(12, { kind: 'none' }))).toBe(
      'We have not started inviting yet.',
    );
    expect(estimateInWords(estimateFor(12, { kind: 'stalled' }))).toBe(
      'We have not invited anyone for a while, so we cannot tell yet.',
    );
  });

  it('gives a range at the pace of the last waves, in days, weeks or months', () => {
    const at = (place: number, perDay: number) =>
      estimateInWords(estimateFor(place, { kind: 'pace', perDay, waves: 3 }));
    expect(at(10, 100)).toBe('At the pace of the last waves, within a day or two.');
    expect(at(500, 100)).toBe('At the pace of the last waves, about 4-8 days.');
    expect(at(1400, 100)).toBe('At the pace of the last waves, about 2-3 weeks.');
    expect(at(9000, 100)).toBe('At the pace of the last waves, about 2-5 months.');
    expect(at(100_000, 100)).toBe('At the pace of the last waves, more than a year.');
  });

  it('reads naturally at the edges', () => {
    expect(rangeInWords(7, 7)).toBe('about 7 days');
    expect(rangeInWords(14, 21)).toBe('about 2-3 weeks');
    expect(rangeInWords(30, 60)).toBe('about 4-9 weeks');
  });
});
