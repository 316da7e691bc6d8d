import { describe, expect, it } from 'vitest';
import { groupCommit, type Outcome } from './group-commit.ts';

describe('groupCommit', () => {
  it('commits writes of the same moment together and answers each with its own result', async () => {
    const batches: number[][] = [];
    const write = groupCommit<number, number>((items) => {
      batches.push(items);
      return Promise.resolve(items.map((item) => ({ ok: true, value: item * 10 })));
    });

    const results = await Promise.all([1, 2, 3].map(write));

    expect(results).toEqual([10, 20, 30]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('queues writes that arrive during a commit for the next one', async () => {
    const batches: number[][] = [];
    let release: () => void = () => undefined;
    const write = groupCommit<number, number>(async (items) => {
      batches.push(items);
      if (batches.length === 1) await new Promise<void>((done) => (release = done));
      return items.map((item) => ({ ok: true, value: item }));
    });

    const first = write(1);
    await new Promise((done) => setImmediate(done));
    const later = [write(2), write(3)];
    release();

    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3]);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it('fails only the items whose outcome failed, and all items when the commit throws', async () => {
    const write = groupCommit<number, number>((items) =>
      items[0] === 99
        ? Promise.reject(new Error('disk full'))
        : Promise.resolve(
            items.map((item): Outcome<number> =>
              item % 2 ? { ok: true, value: item } : { ok: false, error: new Error(`bad ${item}`) },
            ),
          ),
    );

    const settled = await Promise.allSettled([write(1), write(2)]);
    expect(settled.map((result) => result.status)).toEqual(['fulfilled', 'rejected']);
    await expect(write(99)).rejects.toThrow('disk full');
  });

  it('splits a long queue into batches of at most maxBatch', async () => {
    const sizes: number[] = [];
    const write = groupCommit<number, number>(
      (items) => {
        sizes.push(items.length);
        return Promise.resolve(items.map((item) => ({ ok: true, value: item })));
      },
      { maxBatch: 4 },
    );
    await Promise.all(Array.from({ length: 10 }, (_, n) => write(n)));
    expect(sizes).toEqual([4, 4, 2]);
  });

  it('runs up to `concurrency` commits at once and queues the rest for the next free one', async () => {
    const batches: number[][] = [];
    const releases: (() => void)[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const write = groupCommit<number, number>(
      async (items) => {
        batches.push(items);
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        await new Promise<void>((done) => releases.push(done));
        inFlight -= 1;
        return items.map((item) => ({ ok: true, value: item }));
      },
      { concurrency: 2 },
    );
    const tick = () => new Promise((done) => setImmediate(done));

    const writes = [write(1)];
    await tick();
    writes.push(write(2));
    await tick();
    writes.push(write(3), write(4));
    await tick();
    expect(batches).toEqual([[1], [2]]);
    releases.shift()!();
    await tick();
    expect(batches).toEqual([[1], [2], [3, 4]]);
    while (releases.length > 0) {
      releases.shift()!();
      await tick();
    }

    expect(await Promise.all(writes)).toEqual([1, 2, 3, 4]);
    expect(mostInFlight).toBe(2);
  });

  describe('settleTurns', () => {
    const tick = () => new Promise((done) => setImmediate(done));
    function recorder(settleTurns: number, maxBatch?: number) {
      const batches: number[][] = [];
      const write = groupCommit<number, number>(
        (items) => {
          batches.push(items);
          return Promise.resolve(items.map((item) => ({ ok: true, value: item })));
        },
        { settleTurns, maxBatch },
      );
      return { batches, write };
    }

    it('lets a batch grow while each turn of the loop brings more writes', async () => {
      const { batches, write } = recorder(2);
      const writes = [write(1)];
      await tick();
      writes.push(write(2));
      await tick();
      writes.push(write(3));
      expect(await Promise.all(writes)).toEqual([1, 2, 3]);
      expect(batches).toEqual([[1, 2, 3]]);
    });

    it('waits no more than settleTurns turns, however long writes keep coming', async () => {
      const { batches, write } = recorder(2);
      const writes: Promise<number>[] = [];
      for (let n = 1; n <= 6; n++) {
        writes.push(write(n));
        await tick();
      }
      await Promise.all(writes);
      expect(batches[0]).toEqual([1, 2, 3]);
      expect(batches.flat()).toEqual([1, 2, 3, 4, 5, 6]);
    });

    it('commits a lone write after one quiet turn', async () => {
      const { batches, write } = recorder(5);
      const answer = write(1);
      await tick();
      await tick();
      expect(batches).toEqual([[1]]);
      expect(await answer).toBe(1);
    });

    it('does not wait once the batch is full', async () => {
      const { batches, write } = recorder(5, 2);
      const writes = [write(1), write(2)];
      await tick();
      expect(batches).toEqual([[1, 2]]);
      await Promise.all(writes);
    });

    it('without it, a write waits only for the rest of its own turn', async () => {
      const { batches, write } = recorder(0);
      const writes = [write(1)];
      await tick();
      writes.push(write(2));
      await Promise.all(writes);
      expect(batches).toEqual([[1], [2]]);
    });
  });
});
