import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { startLeaseWorker, type LeaseQueue, type LeaseWorker } from './lease-worker.ts';

interface Item {
  id: string;
  due: boolean;
  leasedBy?: string;
  result?: string;
}

/** A queue in memory with the table's rules: due rows are leased once, finished by their worker. */
function memoryQueue(items: Item[]): LeaseQueue<{ id: string }, string> {
  return {
    lease: (worker, { limit }) => {
      const rows = items.filter((item) => item.due && !item.leasedBy).slice(0, limit);
      for (const row of rows) row.leasedBy = worker;
      return Promise.resolve(rows.map(({ id }) => ({ id })));
    },
    finish: (worker, done) =>
      Promise.resolve(
        done.map(({ id, result }) => {
          const item = items.find((one) => one.id === id)!;
          if (item.leasedBy !== worker) return false;
          item.result = result;
          item.due = false;
          return true;
        }),
      ),
    release: (worker, ids) => {
      for (const item of items) if (ids.includes(item.id)) item.leasedBy = undefined;
      return Promise.resolve();
    },
  };
}

const quiet = () => undefined;
const silentLog = {
  level: 'silent',
  fatal: quiet,
  error: quiet,
  warn: quiet,
  info: quiet,
  debug: quiet,
  trace: quiet,
  silent: quiet,
  child: () => silentLog,
} as FastifyBaseLogger;

describe('a lease worker', () => {
  const workers: LeaseWorker<string>[] = [];
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop(1000)));
  });

  function start(items: Item[], handle: (row: { id: string }) => Promise<string>) {
    const worker = startLeaseWorker({
      kind: 'item',
      log: silentLog,
      settings: { pollMs: 10, leaseMs: 60_000, batchSize: 10, concurrency: 4, ratePerSecond: 0 },
      queue: memoryQueue(items),
      handle,
      failed: () => 'failed',
      describe: () => ({}),
    });
    workers.push(worker);
    const finished = (id: string) =>
      new Promise<string>((resolve) => {
        worker.onFinished((done, result) => {
          if (done === id) resolve(result);
        });
      });
    return { worker, finished };
  }

  // One receiver that hangs (up to its timeout) must not hold up the items after it: a free slot
  // leases what became due, whatever is still in flight.
  it('takes up items that become due while a slow one is in flight', async () => {
    const items: Item[] = [
      { id: 'slow', due: true },
      { id: 'later', due: false },
    ];
    let releaseSlow!: () => void;
    const hang = new Promise<void>((resolve) => (releaseSlow = resolve));
    let slowStarted!: () => void;
    const started = new Promise<void>((resolve) => (slowStarted = resolve));
    const { finished } = start(items, async (row) => {
      if (row.id === 'slow') {
        slowStarted();
        await hang;
      }
      return `sent ${row.id}`;
    });
    const later = finished('later');
    await started;
    items[1]!.due = true;

    expect(await later).toBe('sent later');
    expect(items[0]!.result).toBeUndefined();
    releaseSlow();
  });

  it('handles every due item once, past one batch, and records each outcome', async () => {
    const items: Item[] = Array.from({ length: 25 }, (_, index) => ({
      id: `m${index}`,
      due: true,
    }));
    const handled: string[] = [];
    const { finished } = start(items, (row) => {
      handled.push(row.id);
      return Promise.resolve('sent');
    });
    await finished('m24');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(handled.sort()).toEqual(items.map((item) => item.id).sort());
    expect(items.every((item) => item.result === 'sent')).toBe(true);
  });
});
