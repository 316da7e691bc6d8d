import type { Kysely } from 'kysely';
import { toDate, type Database, type EmailSendStatus } from '../../db/schema.ts';
import { uuidV7 } from '../../lib/uuid-v7.ts';

export interface SendAttemptRecord {
  to: string;
  template: string;
  status: EmailSendStatus;
  messageId: string;
  smtpResponse?: string | undefined;
  error?: string | undefined;
  attempts: number;
  requestedBy: string;
  at?: Date;
}

/** One row per logical send, whatever its outcome: the send log. Returns the row's id. */
export async function recordSend(db: Kysely<Database>, record: SendAttemptRecord): Promise<string> {
  const at = record.at ?? new Date();
  const id = uuidV7(at.getTime());
  await db
    .insertInto('email_send_log')
    .values({
      id,
      to_address: record.to,
      template: record.template,
      status: record.status,
      message_id: record.messageId,
      smtp_response: record.smtpResponse ?? null,
      error: record.error ?? null,
      attempts: record.attempts,
      requested_by: record.requestedBy,
      created_at: at.toISOString(),
    })
    .execute();
  return id;
}

export type SendOutcomeRecord = Pick<
  SendAttemptRecord,
  'status' | 'smtpResponse' | 'error' | 'attempts'
>;

/** Completes a `pending` row once the SMTP server has answered. */
export async function finishSend(
  db: Kysely<Database>,
  id: string,
  outcome: SendOutcomeRecord,
): Promise<void> {
  await db
    .updateTable('email_send_log')
    .set({
      status: outcome.status,
      smtp_response: outcome.smtpResponse ?? null,
      error: outcome.error ?? null,
      attempts: outcome.attempts,
    })
    .where('id', '=', id)
    .execute();
}

export async function sendLogFor(db: Kysely<Database>, address: string) {
  return db
    .selectFrom('email_send_log')
    .selectAll()
    .where('to_address', '=', address)
    .orderBy('id')
    .execute();
}

export async function isUnsubscribed(db: Kysely<Database>, address: string): Promise<boolean> {
  const row = await db
    .selectFrom('email_unsubscribes')
    .select('email')
    .where('email', '=', address)
    .executeTakeFirst();
  return row !== undefined;
}

/** Idempotent: a second click keeps the first date. */
export async function markUnsubscribed(
  db: Kysely<Database>,
  address: string,
  now = new Date(),
): Promise<void> {
  await db
    .insertInto('email_unsubscribes')
    .values({ email: address, unsubscribed_at: now.toISOString() })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .execute();
}

export interface CaughtMailInput {
  to: string;
  subject: string;
  text: string;
  messageId: string | undefined;
}

/** The local catcher keeps this many messages; older ones are dropped as new ones arrive. */
export const CAUGHT_MAIL_KEPT = 200;

export async function saveCaughtMail(
  db: Kysely<Database>,
  mail: CaughtMailInput,
  now = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('caught_mail')
      .values({
        id: uuidV7(now.getTime()),
        to_address: mail.to,
        subject: mail.subject,
        text: mail.text,
        message_id: mail.messageId ?? null,
        received_at: now.toISOString(),
      })
      .execute();
    const stale = await trx
      .selectFrom('caught_mail')
      .select('id')
      .orderBy('id', 'desc')
      .offset(CAUGHT_MAIL_KEPT)
      .limit(1)
      .executeTakeFirst();
    if (stale) await trx.deleteFrom('caught_mail').where('id', '<=', stale.id).execute();
  });
}

export async function recentCaughtMail(db: Kysely<Database>, limit: number) {
  const rows = await db
    .selectFrom('caught_mail')
    .select(['id', 'to_address', 'subject', 'text', 'received_at'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text,
    receivedAt: toDate(row.received_at).toISOString(),
  }));
}
