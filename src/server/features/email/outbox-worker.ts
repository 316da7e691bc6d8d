import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { groupCommit, type Outcome } from '../../lib/group-commit.ts';
import { maskEmail } from '../../lib/mask.ts';
import {
  finishLeasedMail,
  leaseDueMail,
  releaseLeasedMail,
  type OutboxOutcome,
  type OutboxRow,
} from './outbox-repository.ts';

export interface OutboxSettings {
  /** How often an idle worker looks for due mail (an enqueue in this instance wakes it at once). */
  pollMs: number;
  /** How long a leased message is this worker's; past it, another worker may take it over. */
  leaseMs: number;
  /** Messages leased at a time. */
  batchSize: number;
  /** Sends in flight at once (the SMTP pool's connections). */
  concurrency: number;
  /** The mail provider's limit, in messages per second per instance; 0: none. */
  ratePerSecond: number;
  /** Waits before the 2nd, 3rd, ... delivery round of a temporarily failing message. */
  roundBackoffMs: number[];
}

/** Spreads sends to at most `perSecond` a second: each waits for its own slot. */
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

export interface OutboxWorker {
  readonly id: string;
  /** Looks for due mail now rather than at the next poll. */
  nudge(): void;
  /** Calls `listener` with each message this worker finishes and how its round ended. */
  onFinished(listener: (id: string, status: OutboxOutcome['status']) => void): () => void;
  /** Stops leasing and waits for the sends in flight (bounded by `waitMs`). */
  stop(waitMs: number): Promise<void>;
}

/**
 * The sender of every instance: leases due messages, delivers each through `deliver`, records
 * the outcome. Several instances share one PostgreSQL outbox without taking the same message
 * (outbox-repository.ts); a worker that dies mid-send loses its lease and the message is taken
 * over when the lease runs out.
 */
export function startOutboxWorker(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  settings: OutboxSettings,
  deliver: (row: OutboxRow) => Promise<OutboxOutcome>,
): OutboxWorker {
  const id = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  // Outcomes that finish together share one commit (a commit waits for the disk on SQLite).
  const record = groupCommit(
    (items: { id: string; outcome: OutboxOutcome }[]) =>
      db.transaction().execute(async (trx) => {
        const kept: Outcome<boolean>[] = [];
        for (const item of items) {
          kept.push({ ok: true, value: await finishLeasedMail(trx, item.id, id, item.outcome) });
        }
        return kept;
      }),
    { concurrency: 1 },
  );
  const waitForSlot = rateLimiter(settings.ratePerSecond);
  const listeners = new Set<(id: string, status: OutboxOutcome['status']) => void>();
  let stopped = false;
  let wake: (() => void) | undefined;
  let nudged = false;

  const idle = () =>
    new Promise<void>((resolve) => {
      if (nudged) {
        nudged = false;
        resolve();
        return;
      }
      const timer = setTimeout(done, settings.pollMs);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  async function handle(row: OutboxRow) {
    await waitForSlot();
    let outcome: OutboxOutcome;
    try {
      outcome = await deliver(row);
    } catch (error) {
      // A fault of ours (rendering, a lost database): try again in a later round.
      log.error({ err: error, mail: row.id }, 'mail delivery failed unexpectedly');
      outcome = {
        status: row.rounds < row.max_rounds ? 'retry' : 'dead',
        error: error instanceof Error ? error.message : String(error),
        message: 'The mail could not be sent.',
        nextAttemptAt: new Date(Date.now() + (settings.roundBackoffMs[0] ?? 60_000)),
      };
    }
    const kept = await record({ id: row.id, outcome }).catch((error: unknown) => {
      // The lease runs out and another worker delivers it again: at least once, never lost.
      log.error({ err: error, mail: row.id }, 'mail outcome could not be recorded');
      return false;
    });
    if (!kept) log.warn({ mail: row.id }, 'mail outcome not recorded: the lease was lost');
    log.info(
      {
        mail: row.id,
        to: maskEmail(row.to_address),
        template: row.template,
        status: outcome.status,
      },
      'mail delivery round finished',
    );
    for (const listener of listeners) listener(row.id, outcome.status);
  }

  /** Keeps `concurrency` sends going, leasing more whenever the leased ones have all started. */
  async function run() {
    const leased: OutboxRow[] = [];
    const active = new Set<Promise<void>>();
    while (!stopped || active.size > 0) {
      if (!stopped && leased.length === 0) {
        try {
          leased.push(
            ...(await leaseDueMail(db, id, {
              limit: settings.batchSize,
              leaseMs: settings.leaseMs,
            })),
          );
        } catch (error) {
          log.warn({ err: error }, 'mail outbox could not be read; trying again');
        }
      }
      while (!stopped && active.size < settings.concurrency && leased.length > 0) {
        const row = leased.shift()!;
        const sending: Promise<void> = handle(row).finally(() => active.delete(sending));
        active.add(sending);
      }
      if (active.size > 0) await Promise.race(active);
      else if (!stopped) await idle();
    }
    // Stopping: what was leased but not started goes back, for this or another instance.
    await releaseLeasedMail(
      db,
      leased.map((row) => row.id),
      id,
    ).catch((error: unknown) => log.warn({ err: error }, 'leased mail not given back'));
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
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        running,
        new Promise((resolve) => (timer = setTimeout(resolve, waitMs))),
      ]);
      clearTimeout(timer);
    },
  };
}

/** When the next round of a message that failed `rounds` rounds is due. */
export function nextRoundAt(settings: OutboxSettings, rounds: number, now = new Date()): Date {
  const waits = settings.roundBackoffMs;
  const wait = waits[Math.min(rounds - 1, waits.length - 1)] ?? 60_000;
  return new Date(now.getTime() + wait);
}
