import { describe, expect, it } from 'vitest';
import { readPageSize, writePageSize } from './page-size.ts';

describe('the page size in the URL', () => {
  it('reads one of the choices and nothing else', () => {
    expect(readPageSize(new URLSearchParams('size=25'))).toBe(25);
    expect(readPageSize(new URLSearchParams('size=100&q=a'))).toBe(100);
    for (const value of ['', '0', '20', '025', '25.0', ' 25', '1e2', 'all']) {
      expect(readPageSize(new URLSearchParams({ size: value })), value).toBeUndefined();
    }
    expect(readPageSize(new URLSearchParams('q=a'))).toBeUndefined();
  });

  it('writes a choice, keeps the other parameters, and drops the list’s own number', () => {
    const params = new URLSearchParams('tab=users&q=kim&whitelisted=true');
    expect(writePageSize(params, 25, 50).toString()).toBe(
      'tab=users&q=kim&whitelisted=true&size=25',
    );
    expect(writePageSize(new URLSearchParams('q=kim&size=25'), 10, 10).toString()).toBe('q=kim');
    expect(writePageSize(new URLSearchParams('size=25'), 50, 10).toString()).toBe('size=50');
    // The parameters given are not changed.
    expect(params.toString()).toBe('tab=users&q=kim&whitelisted=true');
  });
});
