import { describe, expect, it } from 'vitest';
import { uuidV7 } from './uuid-v7.ts';

describe('uuidV7', () => {
  it('has the version 7 and variant bits and encodes the time', () => {
    const at = Date.UTC(2026, 0, 2, 3, 4, 5, 678);
    const id = uuidV7(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replaceAll('-', '').slice(0, 12), 16)).toBe(at);
  });

  it('sorts ids of later milliseconds after earlier ones and never repeats', () => {
    const ids = Array.from({ length: 1000 }, (_, n) => uuidV7(1_700_000_000_000 + n));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(Array.from({ length: 10_000 }, () => uuidV7())).size).toBe(10_000);
  });
});
