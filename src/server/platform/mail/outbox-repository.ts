import {
  sql,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type SqlBool,
  type Transaction,
} from 'kysely';
import { rowBatchQuery } from '../../db/row-batch-query.ts';
import type { Database, MailOutboxTable, OutboxStatus } from '../../db/schema.ts';
import { uuidV7 } from '../../lib/uuid-v7.ts';
import { INVITATION_TEMPLATE_ID } from './templates/template-ids.ts';
import {
  finishLeasedRow,
  leaseRows,
  releaseLeasedRows,
  type QueueTable,
} from '../queue/lease-table.ts';
import { isoTime } from '../../lib/iso-time.ts';

/**
 * An outbox row (aliased `alias`) that is the early-access invitation, sent: what "invited"
 * means for the counts, the funnel and the waves. The template is written as a literal, as
 * SQLite's index of invitations is partial (migration 0024) and a bound value cannot use it.
 */
export function sentInvitation(alias: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${alias}.template`)} = ${sql.lit(INVITATION_TEMPLATE_ID)}
    and ${sql.ref(`${alias}.status`)} = 'sent')`;
}

/** The outbox as a lease queue: a round is one lease (its SMTP attempts are counted apart). */
const OUTBOX: QueueTable = {
  table: 'mail_outbox',
  rounds: 'rounds',
  order: ['priority', 'next_attempt_at', 'id'],
  // Queued mail is read from the index by priority and time (migration 0011).
  queuedIndex: 'mail_outbox_priority_due_idx',
};

type Executor = Kysely<Database> | Transaction<Database>;
export type OutboxRow = Selectable<MailOutboxTable>;

export const DEFAULT_MAX_ROUNDS = 6;

export interface OutboxMessage {
  to: string;
  /** The id of an installed template (src/server/mail-templates.ts). */
  template: string;
  /** What the template needs besides the address; rendered when the mail is sent. */
  params?: Record<string, string>;
  /** The admin's address, or `system` for mail the service sends on its own. */
  requestedBy: string;
  /** A second message with the same key is not queued; the first one's id is returned. */
  dedupeKey?: string;
  /** The host name of the Message-ID (`<id@host>`); without it the worker uses PUBLIC_URL's. */
  messageIdDomain?: string;
  /**
   * Delivery rounds before the message is dead (default 6, spread over hours). An admin who
   * waits for the outcome sends with 1: a failure is answered, not retried behind their back.
   */
  maxRounds?: number;
  /** Someone is waiting for this mail: it goes before background mail (default false). */
  urgent?: boolean;
  at?: Date;
}

/** The outbox row of a message, queued and due at its time. */
function outboxRow(message: OutboxMessage) {
  const at = message.at ?? new Date();
  const id = uuidV7(at.getTime());
  return {
    id,
    to_address: message.to,
    template: message.template,
    message_id: message.messageIdDomain ? `<${id}@${message.messageIdDomain}>` : null,
    params: JSON.stringify(message.params ?? {}),
    status: 'queued' as const,
    max_rounds: message.maxRounds ?? DEFAULT_MAX_ROUNDS,
    priority: message.urgent ? 0 : 1,
    next_attempt_at: isoTime(at),
    requested_by: message.requestedBy,
    dedupe_key: message.dedupeKey ?? null,
    created_at: isoTime(at),
  };
}

/**
 * Queues one mail. Call it with the transaction of the change that causes the mail (the
 * transactional outbox): both are saved, or neither.
 */
export async function enqueueMail(
  db: Executor,
  message: OutboxMessage,
): Promise<{ id: string; queued: boolean }> {
  const inserted = await db
    .insertInto('mail_outbox')
    .values(outboxRow(message))
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, queued: true };
  const existing = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where('dedupe_key', '=', message.dedupeKey ?? '')
    .executeTakeFirstOrThrow();
  return { id: existing.id, queued: false };
}

/**
 * Queues many mails in one statement, in the caller's transaction. Each is queued as
 * `enqueueMail` would; a message whose `dedupeKey` is already queued is not queued again.
 */
export async function queueMails(
  db: Executor,
  messages: readonly (OutboxMessage & { dedupeKey: string })[],
): Promise<void> {
  if (messages.length === 0) return;
  await db.executeQuery(outboxInsert(db, messages.map(outboxRow)));
}

/** `queueMails`' insert, compiled once per batch size. */
const outboxInsert = rowBatchQuery((db, rows: readonly ReturnType<typeof outboxRow>[]) =>
  db
    .insertInto('mail_outbox')
    .values(rows)
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing()),
);

/** `queueMails`, returning each message's id in order (the new row's, or the one queued before). */
export async function enqueueMails(
  db: Executor,
  messages: readonly (OutboxMessage & { dedupeKey: string })[],
): Promise<string[]> {
  if (messages.length === 0) return [];
  await queueMails(db, messages);
  const found = await db
    .selectFrom('mail_outbox')
    .select(['id', 'dedupe_key'])
    .where(
      'dedupe_key',
      'in',
      messages.map((message) => message.dedupeKey),
    )
    .execute();
  const byKey = new Map(found.map((row) => [row.dedupe_key, row.id]));
  return messages.map((message) => byKey.get(message.dedupeKey)!);
}

/**
 * Leases up to `limit` due messages to `worker` until `leaseMs` from now: queued ones whose time
 * has come, and ones whose lease ran out (their worker died mid-send). On PostgreSQL rows another
 * instance is leasing are skipped (`FOR UPDATE SKIP LOCKED`), so instances share the work and
 * never take the same row; SQLite has one writer, so the statement alone is enough.
 */
export async function leaseDueMail(
  db: Kysely<Database>,
  worker: string,
  { limit, leaseMs, now = new Date() }: { limit: number; leaseMs: number; now?: Date },
): Promise<OutboxRow[]> {
  const rows = await leaseRows<OutboxRow>(db, OUTBOX, worker, { limit, leaseMs, now });
  return rows.sort((a, b) => a.priority - b.priority || (a.id < b.id ? -1 : 1));
}

export interface OutboxOutcome {
  status: Exclude<OutboxStatus, 'sending'> | 'retry';
  /** SMTP attempts this round made. */
  attempts?: number;
  smtpResponse?: string;
  /** The technical cause of a failure. */
  error?: string;
  /** The failure as a sentence for the dashboard. */
  message?: string;
  /** For `retry`: when to try again. */
  nextAttemptAt?: Date;
}

/**
 * Records how a leased message ended, only while this worker still holds it: a worker that lost
 * its lease (it stalled past it) must not overwrite the outcome of the one that took over.
 */
export function finishLeasedMail(
  db: Executor,
  id: string,
  worker: string,
  outcome: OutboxOutcome,
  now = new Date(),
): Promise<boolean> {
  const retry = outcome.status === 'retry';
  return finishLeasedRow(
    db,
    OUTBOX,
    id,
    worker,
    {
      status: retry ? 'queued' : outcome.status,
      retry,
      nextAttemptAt: outcome.nextAttemptAt ?? now,
      at: now,
    },
    {
      attempts: sql`attempts + ${outcome.attempts ?? 0}`,
      last_error: outcome.error ?? null,
      failure_message: outcome.message ?? null,
      smtp_response: outcome.smtpResponse ?? null,
    },
  );
}

/** Gives back leased messages this worker did not start (it is stopping): due again at once. */
export function releaseLeasedMail(db: Executor, ids: string[], worker: string): Promise<void> {
  return releaseLeasedRows(db, OUTBOX, ids, worker);
}

export async function findOutboxMail(db: Executor, id: string): Promise<OutboxRow | undefined> {
  return db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Dead messages go back in the queue, to be tried from their first attempt again. */
export async function retryDeadMail(
  db: Executor,
  ids: string[],
  now = new Date(),
): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('mail_outbox')
    .set({
      status: 'queued',
      rounds: 0,
      next_attempt_at: now.toISOString(),
      finished_at: null,
    })
    .where('id', 'in', ids)
    .where('status', '=', 'dead')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** How many messages are in each state: the outbox's depth and failures at a glance. */
export async function outboxCounts(db: Executor): Promise<Record<OutboxStatus, number>> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['status', sql<number>`count(*)`.as('count')])
    .groupBy('status')
    .execute();
  const counts: Record<OutboxStatus, number> = {
    queued: 0,
    sending: 0,
    sent: 0,
    dead: 0,
    suppressed: 0,
  };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}
