import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { WebhookEventType } from '../../../contract/webhooks.ts';
import type { Database, WebhookDeliveriesTable, WebhookDeliveryStatus } from '../../db/schema.ts';
import { uuidV7 } from '../../lib/uuid-v7.ts';
import { isoTime } from '../../lib/iso-time.ts';

/**
 * Domain events: what happened to an address, recorded in the transaction of the change itself
 * (a transactional outbox), as one delivery row for each webhook endpoint that wants its type.
 * Features emit them; the integrations feature delivers them.
 */

type Executor = Kysely<Database> | Transaction<Database>;

export interface WebhookEvent {
  type: WebhookEventType;
  /** The address the event is about. */
  subject: string;
  data: Record<string, unknown>;
  at: Date;
}

/** The body a receiver gets: Standard Webhooks' type, when it happened, what it is about. */
export function webhookPayload(event: WebhookEvent): string {
  return JSON.stringify({ type: event.type, timestamp: isoTime(event.at), data: event.data });
}

/**
 * Queues an event for every active endpoint that receives its type. Call it with the transaction
 * of the change the event reports (the transactional outbox): both are saved, or neither.
 */
export async function emitWebhookEvents(db: Executor, events: WebhookEvent[]): Promise<void> {
  if (events.length === 0) return;
  const endpoints = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'events'])
    .where('disabled_at', 'is', null)
    .execute();
  if (endpoints.length === 0) return;
  const rows: Insertable<WebhookDeliveriesTable>[] = [];
  for (const endpoint of endpoints) {
    const wanted = new Set(JSON.parse(endpoint.events) as string[]);
    for (const event of events) {
      if (!wanted.has(event.type)) continue;
      const created = isoTime(event.at);
      const id = `msg_${uuidV7(event.at.getTime())}`;
      rows.push({
        id,
        endpoint_id: endpoint.id,
        event_type: event.type,
        subject: event.subject,
        payload: webhookPayload(event),
        status: 'queued',
        next_attempt_at: created,
        lease_until: null,
        leased_by: null,
        last_status: null,
        last_error: null,
        last_attempt_at: null,
        created_at: created,
        finished_at: null,
      });
    }
  }
  // In chunks: SQLite takes at most 32,766 bound values in one statement.
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('webhook_deliveries')
      .values(rows.slice(start, start + 500))
      .execute();
  }
}

/**
 * The events receivers get, each with the `data` of its body. Field names are those of the admin
 * API (`GET /api/admin/signups` and `/users`), times are ISO 8601.
 */
export function signupCreatedEvent(signup: {
  id: string;
  email: string;
  program: string;
  source: string;
  created_at: string;
}): WebhookEvent {
  const at = new Date(signup.created_at);
  return {
    type: 'signup.created',
    subject: signup.email,
    at,
    data: {
      id: signup.id,
      email: signup.email,
      type: signup.program,
      source: signup.source,
      createdAt: isoTime(at),
    },
  };
}

export function signupConfirmedEvent(signup: { id: string; email: string }, at: Date) {
  return {
    type: 'signup.confirmed',
    subject: signup.email,
    at,
    data: { id: signup.id, email: signup.email, confirmedAt: isoTime(at) },
  } satisfies WebhookEvent;
}

export function whitelistEvent(
  change: 'added' | 'removed',
  email: string,
  actor: string,
  at: Date,
): WebhookEvent {
  return {
    type: change === 'added' ? 'whitelist.added' : 'whitelist.removed',
    subject: email,
    at,
    data:
      change === 'added'
        ? { email, addedBy: actor, addedAt: at.toISOString() }
        : { email, removedBy: actor, removedAt: at.toISOString() },
  };
}

export function userRegisteredEvent(user: { uid: string; email: string }, at: Date) {
  return {
    type: 'user.registered',
    subject: user.email,
    at,
    data: { uid: user.uid, email: user.email, registeredAt: at.toISOString() },
  } satisfies WebhookEvent;
}

/** Webhook deliveries by state, every state named (0 when none), for the metrics. */
export async function deliveryCounts(
  db: Kysely<Database>,
): Promise<Record<WebhookDeliveryStatus, number>> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select(['status', sql<number>`count(*)`.as('count')])
    .groupBy('status')
    .execute();
  const counts = { queued: 0, sending: 0, delivered: 0, dead: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}
