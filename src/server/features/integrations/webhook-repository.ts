import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  WEBHOOK_EVENT_TYPES,
  deliveryReason,
  type WebhookEndpoint,
  type WebhookEventType,
} from '../../../contract/webhooks.ts';
import {
  toDate,
  type Database,
  type WebhookDeliveriesTable,
  type WebhookEndpointsTable,
} from '../../db/schema.ts';
import { uuidV7 } from '../../lib/uuid-v7.ts';
import { recordAudit } from '../../platform/audit/audit-repository.ts';
import {
  finishLeasedRow,
  leaseRows,
  releaseLeasedRows,
  type QueueTable,
} from '../../platform/queue/lease-table.ts';

/** Deliveries as a lease queue: each lease is one attempt. */
const DELIVERIES: QueueTable = {
  table: 'webhook_deliveries',
  rounds: 'attempts',
  order: ['next_attempt_at', 'id'],
};

type Executor = Kysely<Database> | Transaction<Database>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type EndpointRow = Selectable<WebhookEndpointsTable>;

/** Actor of the endpoints the WEBHOOK_URLS setting defines. */
export const SETTING_ACTOR = 'setting:WEBHOOK_URLS';

/** A new signing secret: `whsec_` and 32 random bytes in base64 (Standard Webhooks). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** The id of a setting's endpoint: the same URL keeps the same id across restarts. */
function settingEndpointId(url: string): string {
  return `whe_set_${createHash('sha256').update(url).digest('hex').slice(0, 20)}`;
}

/**
 * Makes the endpoints of the WEBHOOK_URLS setting the active `setting` endpoints: a new URL is
 * added, a listed one takes the current secret, one no longer listed is disabled (its queued
 * deliveries end as dead when their turn comes).
 */
export async function syncSettingEndpoints(
  db: Kysely<Database>,
  urls: string[],
  secret: string | undefined,
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const at = now.toISOString();
    const ids = urls.map(settingEndpointId);
    for (const [index, url] of urls.entries()) {
      await trx
        .insertInto('webhook_endpoints')
        .values({
          id: ids[index]!,
          url,
          secret: secret ?? '',
          events: JSON.stringify(WEBHOOK_EVENT_TYPES),
          origin: 'setting',
          description: 'From the WEBHOOK_URLS setting',
          created_by: SETTING_ACTOR,
          created_at: at,
          disabled_at: null,
        })
        .onConflict((conflict) =>
          conflict.column('id').doUpdateSet({
            secret: secret ?? '',
            events: JSON.stringify(WEBHOOK_EVENT_TYPES),
            disabled_at: null,
          }),
        )
        .execute();
    }
    let gone = trx
      .updateTable('webhook_endpoints')
      .set({ disabled_at: at })
      .where('origin', '=', 'setting')
      .where('disabled_at', 'is', null);
    if (ids.length > 0) gone = gone.where('id', 'not in', ids);
    await gone.execute();
  });
}

export async function createWebhookEndpoint(
  db: Kysely<Database>,
  input: { url: string; events?: WebhookEventType[]; description?: string; createdBy: string },
  now = new Date(),
): Promise<{ secret: string; endpoint: WebhookEndpoint }> {
  const secret = newWebhookSecret();
  const id = `whe_${uuidV7(now.getTime())}`;
  const events = input.events ? [...new Set(input.events)] : [...WEBHOOK_EVENT_TYPES];
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('webhook_endpoints')
      .values({
        id,
        url: input.url,
        secret,
        events: JSON.stringify(events),
        origin: 'dashboard',
        description: input.description ?? '',
        created_by: input.createdBy,
        created_at: now.toISOString(),
        disabled_at: null,
      })
      .execute();
    await recordAudit(trx, {
      at: now,
      actor: input.createdBy,
      action: 'webhook.create',
      target: input.url,
    });
  });
  const endpoint = (await listWebhookEndpoints(db, id))[0]!;
  return { secret, endpoint };
}

export type RemoveOutcome = 'removed' | 'missing' | 'setting';

/** Disables a dashboard endpoint: it gets no new events, and its queued ones end as dead. */
export async function removeWebhookEndpoint(
  db: Kysely<Database>,
  id: string,
  actor: string,
  now = new Date(),
): Promise<RemoveOutcome> {
  return db.transaction().execute(async (trx) => {
    const endpoint = await trx
      .selectFrom('webhook_endpoints')
      .select(['url', 'origin'])
      .where('id', '=', id)
      .where('disabled_at', 'is', null)
      .executeTakeFirst();
    if (!endpoint) return 'missing';
    if (endpoint.origin === 'setting') return 'setting';
    await trx
      .updateTable('webhook_endpoints')
      .set({ disabled_at: now.toISOString() })
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, { at: now, actor, action: 'webhook.remove', target: endpoint.url });
    return 'removed';
  });
}

/** Dead deliveries of an endpoint go back in the queue, from their first attempt again. */
export async function retryDeadDeliveries(
  db: Kysely<Database>,
  id: string,
  actor: string,
  now = new Date(),
): Promise<number | undefined> {
  return db.transaction().execute(async (trx) => {
    const endpoint = await trx
      .selectFrom('webhook_endpoints')
      .select('url')
      .where('id', '=', id)
      .where('disabled_at', 'is', null)
      .executeTakeFirst();
    if (!endpoint) return undefined;
    const result = await trx
      .updateTable('webhook_deliveries')
      .set({ status: 'queued', attempts: 0, next_attempt_at: now.toISOString(), finished_at: null })
      .where('endpoint_id', '=', id)
      .where('status', '=', 'dead')
      .executeTakeFirst();
    const retried = Number(result.numUpdatedRows);
    if (retried > 0) {
      await recordAudit(trx, { at: now, actor, action: 'webhook.retry', target: endpoint.url });
    }
    return retried;
  });
}

/** Active endpoints (or the one with `id`), newest first, each with its delivery counts. */
export async function listWebhookEndpoints(
  db: Kysely<Database>,
  id?: string,
): Promise<WebhookEndpoint[]> {
  let query = db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('disabled_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  if (id !== undefined) query = query.where('id', '=', id);
  const endpoints = await query.execute();
  if (endpoints.length === 0) return [];
  const ids = endpoints.map((endpoint) => endpoint.id);
  const counts = await db
    .selectFrom('webhook_deliveries')
    .select(['endpoint_id', 'status', sql<number>`count(*)`.as('count')])
    .where('endpoint_id', 'in', ids)
    .groupBy(['endpoint_id', 'status'])
    .execute();
  const latest = await Promise.all(
    ids.map((endpointId) =>
      db
        .selectFrom('webhook_deliveries')
        .select(['id', 'event_type', 'status', 'last_status', 'last_error', 'last_attempt_at'])
        .where('endpoint_id', '=', endpointId)
        .where('last_attempt_at', 'is not', null)
        .orderBy('last_attempt_at', 'desc')
        .limit(1)
        .executeTakeFirst(),
    ),
  );
  return endpoints.map((endpoint, index) => {
    const tally = { queued: 0, delivered: 0, dead: 0 };
    for (const row of counts) {
      if (row.endpoint_id !== endpoint.id) continue;
      const status = row.status;
      tally[status === 'sending' ? 'queued' : status] += Number(row.count);
    }
    const last = latest[index];
    return {
      id: endpoint.id,
      url: endpoint.url,
      description: endpoint.description,
      events: JSON.parse(endpoint.events) as WebhookEventType[],
      origin: endpoint.origin,
      createdBy: endpoint.created_by,
      createdAt: toDate(endpoint.created_at).toISOString(),
      deliveries: tally,
      last:
        last && last.last_attempt_at !== null
          ? {
              deliveryId: last.id,
              eventType: last.event_type,
              status: last.status,
              httpStatus: last.last_status,
              error: deliveryReason(last.last_error),
              at: toDate(last.last_attempt_at).toISOString(),
            }
          : null,
    };
  });
}

/** A delivery with what sending it needs from its endpoint. */
export type LeasedDelivery = DeliveryRow & {
  url: string | null;
  secret: string | null;
  disabled: boolean;
};

/**
 * Leases up to `limit` due deliveries to `worker` until `leaseMs` from now (queued ones whose time
 * has come, and ones whose lease ran out); each lease is one attempt. On PostgreSQL rows another
 * instance is leasing are skipped, so instances never take the same row.
 */
export async function leaseDueDeliveries(
  db: Kysely<Database>,
  worker: string,
  { limit, leaseMs, now = new Date() }: { limit: number; leaseMs: number; now?: Date },
): Promise<LeasedDelivery[]> {
  const rows = await leaseRows<DeliveryRow>(db, DELIVERIES, worker, { limit, leaseMs, now });
  if (rows.length === 0) return [];
  const endpoints = await db
    .selectFrom('webhook_endpoints')
    .select(['id', 'url', 'secret', 'disabled_at'])
    .where('id', 'in', [...new Set(rows.map((row) => row.endpoint_id))])
    .execute();
  const byId = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
  return rows
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .map((row) => {
      const endpoint = byId.get(row.endpoint_id);
      return {
        ...row,
        url: endpoint?.url ?? null,
        secret: endpoint?.secret ?? null,
        disabled: !endpoint || endpoint.disabled_at !== null,
      };
    });
}

export interface DeliveryOutcome {
  status: 'delivered' | 'retry' | 'dead';
  /** The receiver's HTTP status; undefined: no answer. */
  httpStatus?: number;
  /** A coarse reason (deliveryReason): what the dashboard may show. */
  error?: string;
  /** For the log only: the socket's error code, the refused address. */
  detail?: string;
  /** For `retry`: when to try again. */
  nextAttemptAt?: Date;
  at: Date;
}

/** Records how an attempt ended, only while this worker still holds the delivery. */
export function finishLeasedDelivery(
  db: Executor,
  id: string,
  worker: string,
  outcome: DeliveryOutcome,
): Promise<boolean> {
  const retry = outcome.status === 'retry';
  return finishLeasedRow(
    db,
    DELIVERIES,
    id,
    worker,
    {
      status: retry ? 'queued' : outcome.status,
      retry,
      nextAttemptAt: outcome.nextAttemptAt ?? outcome.at,
      at: outcome.at,
    },
    {
      last_status: outcome.httpStatus ?? null,
      last_error: outcome.error ?? null,
      last_attempt_at: outcome.at.toISOString(),
    },
  );
}

/** Gives back leased deliveries this worker did not start (it is stopping): due again at once. */
export function releaseLeasedDeliveries(
  db: Executor,
  ids: string[],
  worker: string,
): Promise<void> {
  return releaseLeasedRows(db, DELIVERIES, ids, worker);
}
