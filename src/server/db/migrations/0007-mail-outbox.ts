import type { Kysely } from 'kysely';
import { timestampType } from '../column-types.ts';

/**
 * The mail outbox: every mail is a row written in the same transaction as the change that causes
 * it, then sent by a worker in every instance. A row's id is also its Message-ID, so every
 * attempt of one message carries the same one.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('to_address', 'text', (column) => column.notNull())
    .addColumn('template', 'text', (column) => column.notNull())
    .addColumn('message_id', 'text')
    .addColumn('params', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('rounds', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('max_rounds', 'integer', (column) => column.notNull())
    .addColumn('next_attempt_at', timestampType(db), (column) => column.notNull())
    .addColumn('lease_until', timestampType(db))
    .addColumn('leased_by', 'text')
    .addColumn('last_error', 'text')
    .addColumn('failure_message', 'text')
    .addColumn('smtp_response', 'text')
    .addColumn('requested_by', 'text', (column) => column.notNull())
    .addColumn('dedupe_key', 'text', (column) => column.unique())
    .addColumn('created_at', timestampType(db), (column) => column.notNull())
    .addColumn('finished_at', timestampType(db))
    .execute();
  // What the worker asks for: due rows by time.
  await db.schema
    .createIndex('mail_outbox_due_idx')
    .on('mail_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('mail_outbox_to_idx')
    .on('mail_outbox')
    .columns(['to_address', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
}
