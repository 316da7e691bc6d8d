import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { toDate } from '../../db/schema.ts';
import { emitWebhookEvents, userRegisteredEvent } from '../../platform/events/domain-events.ts';

export async function isWhitelisted(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('whitelist')
    .select('email')
    .where('email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records an app account once, with its `user.registered` webhook event; registering again
 * changes nothing. Returns undefined when the address already belongs to another account.
 */
export async function registerAppUser(
  db: Kysely<Database>,
  uid: string,
  email: string,
  now = new Date(),
) {
  await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('app_users')
      .values({ uid, email, registered_at: now.toISOString() })
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
      await emitWebhookEvents(trx, [userRegisteredEvent({ uid, email }, now)]);
    }
  });
  const row = await db
    .selectFrom('app_users')
    .selectAll()
    .where('uid', '=', uid)
    .where('email', '=', email)
    .executeTakeFirst();
  return row
    ? { uid: row.uid, email: row.email, registeredAt: toDate(row.registered_at).toISOString() }
    : undefined;
}
