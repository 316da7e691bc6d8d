import { describe, expect, it } from 'vitest';
import { totalShownByPage } from './list-page.ts';

describe('totalShownByPage', () => {
  it('reads the total from a short page', () => {
    expect(totalShownByPage({ limit: 10, offset: 0 }, 3)).toBe(3);
    expect(totalShownByPage({ limit: 10, offset: 0 }, 0)).toBe(0);
    expect(totalShownByPage({ limit: 10, offset: 20 }, 4)).toBe(24);
  });

  it('leaves the total open after a full page or an empty one past the start', () => {
    expect(totalShownByPage({ limit: 10, offset: 0 }, 10)).toBeUndefined();
    expect(totalShownByPage({ limit: 10, offset: 20 }, 0)).toBeUndefined();
  });
});
