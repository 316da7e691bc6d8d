import type { Kysely } from 'kysely';

/**
 * Mail an admin is waiting for (a test send, one invitation) goes before background mail (a
 * wave of thousands of confirmations): the worker leases by priority, then by time.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('priority', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('mail_outbox_priority_due_idx')
    .on('mail_outbox')
    .columns(['status', 'priority', 'next_attempt_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_priority_due_idx').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('priority').execute();
}
