import type { Kysely } from 'kysely';

/**
 * The outbox's first index by state and time (0007) goes: the index by state, priority and time
 * (0011) answers everything it did. The lease reads queued mail in priority order and mail whose
 * lease ran out from the state's range of the newer one, and the dashboard's lists and counts by
 * state read the same range; nothing orders one state's mail by time alone. Every mail wrote both
 * on its way in, and moved in both at its lease and at its outcome (the state leads both keys):
 * one signup with its confirmation writes one index entry fewer, and one sent mail four fewer
 * (A/B in one sitting, signups with their mail on SQLite, `node bench/run.ts`'s load: about 5%
 * more signups a second; decision 0037).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_due_idx').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('mail_outbox_due_idx')
    .on('mail_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
}
