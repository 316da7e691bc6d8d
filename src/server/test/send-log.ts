import type { Kysely } from 'kysely';
import type { Database, OutboxStatus } from '../db/schema.ts';

/** How the tests read a message's outcome: `pending` until the worker has finished with it. */
type SendStatus = 'pending' | 'sent' | 'failed' | 'refused';

/** The send log of an address: each of its messages in the outbox, as the dashboard reads it. */
export async function sendLogFor(db: Kysely<Database>, address: string) {
  const rows = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', address)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    template: row.template,
    status: sendLogStatus(row.status),
    message_id: row.message_id,
    attempts: row.attempts,
    error: row.last_error,
    smtp_response: row.smtp_response,
    requested_by: row.requested_by,
  }));
}

function sendLogStatus(status: OutboxStatus): SendStatus {
  if (status === 'sent') return 'sent';
  if (status === 'dead') return 'failed';
  if (status === 'suppressed') return 'refused';
  return 'pending';
}
