import { describe, expect, it } from 'vitest';
import { consentDock } from './consent-dock.ts';

describe('where the consent bar docks', () => {
  // A 360 x 740 phone, a 64 px nav bar, a 160 px consent bar.
  const dock = (...forms: [number, number][]) =>
    consentDock(
      740,
      160,
      64,
      forms.map(([top, bottom]) => ({ top, bottom })),
    );

  it('stays at the bottom with no form, or a form clear of the bottom band', () => {
    expect(dock()).toBe('bottom');
    expect(dock([300, 420])).toBe('bottom');
    expect(dock([-200, -80], [900, 1000])).toBe('bottom');
  });

  it('moves under the nav when a form is in the bottom band', () => {
    expect(dock([540, 660])).toBe('top');
    expect(dock([700, 820])).toBe('top');
  });

  it('stays at the bottom when forms are in both bands', () => {
    expect(dock([100, 200], [600, 700])).toBe('bottom');
  });
});
