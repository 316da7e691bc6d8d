import { describe, expect, it } from 'vitest';
import { sharedCheck } from './database-check.ts';

describe('sharedCheck', () => {
  it('runs one check for concurrent callers', async () => {
    let calls = 0;
    const run = sharedCheck(async () => {
      calls++;
      await new Promise((done) => setTimeout(done, 10));
      return true;
    }, 0);

    expect(await Promise.all([run(), run(), run()])).toEqual([true, true, true]);
    expect(calls).toBe(1);
  });

  it('reuses an answer while it is fresh and checks again after', async () => {
    let answer = true;
    const run = sharedCheck(() => Promise.resolve(answer), 50);

    expect(await run()).toBe(true);
    answer = false;
    expect(await run()).toBe(true);
    await new Promise((done) => setTimeout(done, 60));
    expect(await run()).toBe(false);
  });
});
