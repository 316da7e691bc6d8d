import type { Kysely } from 'kysely';
import { toDate, type Database } from '../../db/schema.ts';
import { uuidV7 } from '../../lib/uuid-v7.ts';

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
