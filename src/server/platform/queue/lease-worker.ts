import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { groupCommit } from '../../lib/group-commit.ts';
import { requestsFirst } from './requests-first.ts';

export interface LeaseWorkerSettings {
  /** How often an idle worker looks for due work (a nudge in this instance wakes it at once). */
  pollMs: number;
  /** How long a leased item is this worker's; past it, another worker may take it over. */
  leaseMs: number;
  /** Items leased at a time. */
  batchSize: number;
  /** Items in flight at once. */
  concurrency: number;
  /** At most this many items started per second per instance; 0: no limit. */
  ratePerSecond: number;
}

/**
 * The table a worker drains: a durable queue whose rows a worker leases (marks as its own until
 * a time), handles, and finishes with an outcome, only while it still holds the lease.
 */
export interface LeaseQueue<Row extends { id: string }, Result> {
  /** Leases up to `limit` due rows to `worker` for `leaseMs`. */
  lease(worker: string, options: { limit: number; leaseMs: number }): Promise<Row[]>;
  /**
   * Records the outcomes of several rows in one transaction; one boolean per item, false where
   * the worker had lost the lease (another worker took the row over).
   */
  finish(worker: string, items: { id: string; result: Result }[]): Promise<boolean[]>;
  /** Gives back rows this worker leased but did not start (it is stopping). */
  release(worker: string, ids: string[]): Promise<void>;
}

export interface LeaseWorker<Result> {
  readonly id: string;
  /** Looks for due work now rather than at the next poll. */
  nudge(): void;
  /** Calls `listener` with each row this worker finishes and its outcome. */
  onFinished(listener: (id: string, result: Result) => void): () => void;
  /** Stops leasing and waits for the items in flight (bounded by `waitMs`). */
  stop(waitMs: number): Promise<void>;
}

/** Spreads starts to at most `perSecond` a second: each waits for its own slot. */
function rateLimiter(perSecond: number) {
  let nextSlot = 0;
  return async () => {
    if (perSecond <= 0) return;
    const now = Date.now();
    const slot = Math.max(now, nextSlot);
    nextSlot = slot + 1000 / perSecond;
    if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now));
  };
}

/**
 * The worker of a durable queue (the mail outbox, webhook deliveries) in every instance: leases
 * due rows, handles each through `handle`, records the outcome. Several instances share one
 * PostgreSQL table without taking the same row (the queue's `lease` skips locked rows); a worker
 * that dies mid-item loses its lease and the row is taken over when the lease runs out, so an
 * item is handled at least once and never lost.
 */
export function startLeaseWorker<Row extends { id: string }, Result>(options: {
  /** What the log calls one item: `mail`, `webhook delivery`. */
  kind: string;
  log: FastifyBaseLogger;
  settings: LeaseWorkerSettings;
  queue: LeaseQueue<Row, Result>;
  handle: (row: Row) => Promise<Result>;
  /** The outcome of an item whose handler threw (a fault of ours: rendering, a lost database). */
  failed: (row: Row, error: unknown) => Result;
  /** Fields of the log line written when an item is finished. */
  describe: (row: Row, result: Result) => Record<string, unknown>;
  /**
   * Whether items wait while requests keep the event loop busy (requests-first.ts; default
   * true). Work heavy enough to fill the loop itself (mail rendered and sent on the loop,
   * `MAIL_WORKER=inline`) must not: it would count as the requests' load and hold itself back.
   */
  yieldToRequests?: boolean;
}): LeaseWorker<Result> {
  const { kind, log, settings, queue } = options;
  const id = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  // Outcomes that finish together share one commit (a commit waits for the disk on SQLite).
  const record = groupCommit(
    async (items: { id: string; result: Result }[]) =>
      (await queue.finish(id, items)).map((value) => ({ ok: true as const, value })),
    { concurrency: 1 },
  );
  const waitForSlot = rateLimiter(settings.ratePerSecond);
  // Requests come first: while they keep the event loop busy, items start at a trickle.
  const requests = options.yieldToRequests === false ? undefined : requestsFirst();
  const listeners = new Set<(id: string, result: Result) => void>();
  let stopped = false;
  let wake: (() => void) | undefined;
  let nudged = false;

  /** Waits for the poll interval or a nudge; `cancel` ends the wait early. */
  function idle(): { done: Promise<void>; cancel: () => void } {
    if (nudged) {
      nudged = false;
      return { done: Promise.resolve(), cancel: () => undefined };
    }
    let resolve!: () => void;
    const done = new Promise<void>((settle) => (resolve = settle));
    const timer = setTimeout(end, settings.pollMs);
    function end() {
      clearTimeout(timer);
      if (wake === end) wake = undefined;
      resolve();
    }
    wake = end;
    return { done, cancel: end };
  }

  async function handle(row: Row) {
    await requests?.turn();
    await waitForSlot();
    let result: Result;
    try {
      result = await options.handle(row);
    } catch (error) {
      log.error({ err: error, [kind]: row.id }, `${kind} failed unexpectedly`);
      result = options.failed(row, error);
    }
    const kept = await record({ id: row.id, result }).catch((error: unknown) => {
      // The lease runs out and another worker handles it again: at least once, never lost.
      log.error({ err: error, [kind]: row.id }, `${kind} outcome could not be recorded`);
      return false;
    });
    if (!kept) log.warn({ [kind]: row.id }, `${kind} outcome not recorded: the lease was lost`);
    log.info({ [kind]: row.id, ...options.describe(row, result) }, `${kind} round finished`);
    for (const listener of listeners) listener(row.id, result);
  }

  /** Keeps `concurrency` items going, leasing more whenever the leased ones have all started. */
  async function run() {
    const leased: Row[] = [];
    const active = new Set<Promise<void>>();
    while (!stopped || active.size > 0) {
      if (!stopped && leased.length === 0) {
        try {
          leased.push(
            ...(await queue.lease(id, { limit: settings.batchSize, leaseMs: settings.leaseMs })),
          );
        } catch (error) {
          log.warn({ err: error }, `${kind} queue could not be read; trying again`);
        }
      }
      while (!stopped && active.size < settings.concurrency && leased.length > 0) {
        const row = leased.shift()!;
        const running: Promise<void> = handle(row).finally(() => active.delete(running));
        active.add(running);
      }
      if (stopped || active.size >= settings.concurrency) {
        if (active.size > 0) await Promise.race(active);
        continue;
      }
      // A slot is free: look again when an item finishes, at the next poll or on a nudge,
      // whichever comes first, so one slow item (a receiver that hangs) holds up nothing else.
      const wait = idle();
      await Promise.race([wait.done, ...active]);
      wait.cancel();
    }
    // Stopping: what was leased but not started goes back, for this or another instance.
    await queue
      .release(
        id,
        leased.map((row) => row.id),
      )
      .catch((error: unknown) => log.warn({ err: error }, `leased ${kind} not given back`));
  }

  const running = run();
  return {
    id,
    nudge() {
      if (wake) wake();
      else nudged = true;
    },
    onFinished(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async stop(waitMs) {
      stopped = true;
      wake?.();
      requests?.close();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        running,
        new Promise((resolve) => (timer = setTimeout(resolve, waitMs))),
      ]);
      clearTimeout(timer);
    },
  };
}

/** When round `rounds` + 1 of an item that failed `rounds` times is due. */
export function nextRoundAt(waits: number[], rounds: number, now = new Date()): Date {
  const wait = waits[Math.min(rounds - 1, waits.length - 1)] ?? 60_000;
  return new Date(now.getTime() + wait);
}
