import type { Kysely } from 'kysely';
import { timestampType } from '../column-types.ts';

/**
 * Signed webhooks. `webhook_endpoints` are the receivers an operator registered (from the
 * `WEBHOOK_URLS` setting or the dashboard); `webhook_deliveries` is their outbox: one row per
 * event and endpoint, written in the transaction of the change the event reports, sent by a
 * worker in every instance. A delivery's id is the `webhook-id` every attempt carries, so a
 * receiver can drop a repeat.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('url', 'text', (column) => column.notNull())
    .addColumn('secret', 'text', (column) => column.notNull())
    .addColumn('events', 'text', (column) => column.notNull())
    .addColumn('origin', 'text', (column) => column.notNull())
    .addColumn('description', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('created_by', 'text', (column) => column.notNull())
    .addColumn('created_at', timestampType(db), (column) => column.notNull())
    .addColumn('disabled_at', timestampType(db))
    .execute();
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('endpoint_id', 'text', (column) => column.notNull())
    .addColumn('event_type', 'text', (column) => column.notNull())
    // The address the event is about: erasing a person removes their undelivered events.
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('payload', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', timestampType(db), (column) => column.notNull())
    .addColumn('lease_until', timestampType(db))
    .addColumn('leased_by', 'text')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('last_attempt_at', timestampType(db))
    .addColumn('created_at', timestampType(db), (column) => column.notNull())
    .addColumn('finished_at', timestampType(db))
    .execute();
  // What the worker asks for: due rows by time.
  await db.schema
    .createIndex('webhook_deliveries_due_idx')
    .on('webhook_deliveries')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_subject_idx')
    .on('webhook_deliveries')
    .column('subject')
    .execute();
  // An endpoint's latest deliveries, for the dashboard.
  await db.schema
    .createIndex('webhook_deliveries_endpoint_idx')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
