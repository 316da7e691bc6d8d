import type { Kysely } from 'kysely';
import { timestampType } from '../column-types.ts';

/**
 * Mail: every send attempt (the send log), addresses that unsubscribed from marketing mail,
 * and the messages the local mail catcher received.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_send_log')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('to_address', 'text', (column) => column.notNull())
    .addColumn('template', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('message_id', 'text', (column) => column.notNull())
    .addColumn('smtp_response', 'text')
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (column) => column.notNull())
    .addColumn('requested_by', 'text', (column) => column.notNull())
    .addColumn('created_at', timestampType(db), (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('email_send_log_to_idx')
    .on('email_send_log')
    .columns(['to_address', 'created_at'])
    .execute();
  await db.schema
    .createTable('email_unsubscribes')
    .addColumn('email', 'text', (column) => column.primaryKey())
    .addColumn('unsubscribed_at', timestampType(db), (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('caught_mail')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('to_address', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('text', 'text', (column) => column.notNull())
    .addColumn('message_id', 'text')
    .addColumn('received_at', timestampType(db), (column) => column.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('caught_mail').execute();
  await db.schema.dropTable('email_unsubscribes').execute();
  await db.schema.dropTable('email_send_log').execute();
}
