import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { recordAudit } from './audit-repository.ts';

/**
 * Adds an address to the whitelist. Adding a listed address changes nothing; only a real change
 * is written to the audit log, in the same transaction. Returns whether anything changed.
 */
export async function addToWhitelist(
  db: Kysely<Database>,
  email: string,
  actor: string,
  now = new Date(),
): Promise<{ changed: boolean }> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .insertInto('whitelist')
      .values({ email, added_at: now.toISOString(), added_by: actor })
      .onConflict((conflict) => conflict.column('email').doNothing())
      .executeTakeFirst();
    const changed = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    if (changed) await recordAudit(trx, { at: now, actor, action: 'whitelist.add', target: email });
    return { changed };
  });
}

/** Removes an address from the whitelist; removing an absent one changes nothing. */
export async function removeFromWhitelist(
  db: Kysely<Database>,
  email: string,
  actor: string,
  now = new Date(),
): Promise<{ changed: boolean }> {
  return db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('whitelist').where('email', '=', email).executeTakeFirst();
    const changed = Number(result.numDeletedRows) > 0;
    if (changed) {
      await recordAudit(trx, { at: now, actor, action: 'whitelist.remove', target: email });
    }
    return { changed };
  });
}
