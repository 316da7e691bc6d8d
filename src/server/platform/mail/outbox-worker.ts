import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { relaxedCommit } from '../../db/relaxed-commit.ts';
import type { Database } from '../../db/schema.ts';
import {
  nextRoundAt as nextWaitAt,
  startLeaseWorker,
  type LeaseWorker,
  type LeaseWorkerSettings,
} from '../queue/lease-worker.ts';
import { maskEmail } from '../../lib/mask.ts';
import {
  finishLeasedMail,
  leaseDueMail,
  releaseLeasedMail,
  type OutboxOutcome,
  type OutboxRow,
} from './outbox-repository.ts';

export interface OutboxSettings extends LeaseWorkerSettings {
  /** Waits before the 2nd, 3rd, ... delivery round of a temporarily failing message. */
  roundBackoffMs: number[];
}

export type OutboxWorker = LeaseWorker<OutboxOutcome>;

/**
 * The mail sender of every instance (platform/queue/lease-worker.ts): leases due messages, delivers each
 * through `deliver`, records the outcome.
 */
export function startOutboxWorker(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  settings: OutboxSettings,
  deliver: (row: OutboxRow) => Promise<OutboxOutcome>,
  { yieldToRequests = true }: { yieldToRequests?: boolean } = {},
): OutboxWorker {
  return startLeaseWorker<OutboxRow, OutboxOutcome>({
    kind: 'mail',
    yieldToRequests,
    log,
    settings,
    queue: {
      // Leases and outcomes are the worker's bookkeeping: their commits need not wait for the
      // disk, and then take no time from the requests (a lost one sends a mail again).
      lease: (worker, options) => relaxedCommit(db, (trx) => leaseDueMail(trx, worker, options)),
      finish: (worker, items) =>
        relaxedCommit(db, async (trx) => {
          const kept: boolean[] = [];
          for (const item of items) {
            kept.push(await finishLeasedMail(trx, item.id, worker, item.result));
          }
          return kept;
        }),
      release: (worker, ids) => releaseLeasedMail(db, ids, worker),
    },
    handle: deliver,
    failed: (row, error) => ({
      status: row.rounds < row.max_rounds ? 'retry' : 'dead',
      error: error instanceof Error ? error.message : String(error),
      message: 'The mail could not be sent.',
      nextAttemptAt: nextRoundAt(settings, 1),
    }),
    describe: (row, outcome) => ({
      to: maskEmail(row.to_address),
      template: row.template,
      status: outcome.status,
    }),
  });
}

/** When the next round of a message that failed `rounds` rounds is due. */
export function nextRoundAt(settings: OutboxSettings, rounds: number, now = new Date()): Date {
  return nextWaitAt(settings.roundBackoffMs, rounds, now);
}
