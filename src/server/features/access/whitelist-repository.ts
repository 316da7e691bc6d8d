import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { emitWebhookEvents, whitelistEvent } from '../../platform/events/domain-events.ts';
import { recordAudits } from '../../platform/audit/audit-repository.ts';

/**
 * Writes what changed on the whitelist to the audit log (one entry per address) and queues its
 * webhook events, in the transaction that made the change.
 */
async function recordWhitelistChanges(
  trx: Transaction<Database>,
  change: 'added' | 'removed',
  emails: readonly string[],
  actor: string,
  now: Date,
): Promise<void> {
  const action = change === 'added' ? 'whitelist.add' : 'whitelist.remove';
  await recordAudits(
    trx,
    emails.map((email) => ({ at: now, actor, action, target: email })),
  );
  await emitWebhookEvents(
    trx,
    emails.map((email) => whitelistEvent(change, email, actor, now)),
  );
}

/**
 * Adds an address to the whitelist. Adding a listed address changes nothing; only a real change
 * is written to the audit log and queued as a webhook event, in the same transaction. Returns
 * whether anything changed.
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
    if (changed) await recordWhitelistChanges(trx, 'added', [email], actor, now);
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
    if (changed) await recordWhitelistChanges(trx, 'removed', [email], actor, now);
    return { changed };
  });
}

/**
 * Adds many addresses in the caller's transaction (a bulk change or an invite wave, which queues
 * mail in the same transaction). Listed addresses are left as they are; each added one is
 * written to the audit log and queued as a webhook event, as a single add would. Returns the
 * addresses it added.
 */
export async function addManyToWhitelist(
  trx: Transaction<Database>,
  emails: readonly string[],
  actor: string,
  now = new Date(),
): Promise<string[]> {
  if (emails.length === 0) return [];
  const added = await insertMissing(trx, emails, actor, now);
  await recordWhitelistChanges(trx, 'added', added, actor, now);
  return added;
}

/** Adds the addresses not yet listed; returns those it added. */
async function insertMissing(
  trx: Transaction<Database>,
  emails: readonly string[],
  actor: string,
  now: Date,
): Promise<string[]> {
  const rows = await trx
    .insertInto('whitelist')
    .values(emails.map((email) => ({ email, added_at: now.toISOString(), added_by: actor })))
    .onConflict((conflict) => conflict.column('email').doNothing())
    .returning('email')
    .execute();
  return rows.map((row) => row.email);
}

/**
 * Lets addresses in for their early-access invitation, in the transaction that queues it, so no
 * invitation is ever saved for an address that is not on the whitelist. Each one invited is
 * written to the audit log once, as `whitelist.invite` (the whole outcome, in place of the
 * `whitelist.add` an addition alone writes); each one added is queued as a `whitelist.added`
 * webhook event. An address already listed is invited too (`alreadyListed: 'invite'`: a single
 * send, a reminder) or left out (`'skip'`: a wave or a bulk change invites only whom it adds,
 * not whom another admin added meanwhile). Returns the addresses to invite.
 */
export async function whitelistForInvitation(
  trx: Transaction<Database>,
  emails: readonly string[],
  { actor, now, alreadyListed }: { actor: string; now: Date; alreadyListed: 'invite' | 'skip' },
): Promise<string[]> {
  if (emails.length === 0) return [];
  const added = await insertMissing(trx, emails, actor, now);
  const invited = alreadyListed === 'invite' ? [...emails] : added;
  await recordAudits(
    trx,
    invited.map((email) => ({ at: now, actor, action: 'whitelist.invite', target: email })),
  );
  await emitWebhookEvents(
    trx,
    added.map((email) => whitelistEvent('added', email, actor, now)),
  );
  return invited;
}

/** Whether the address is on the whitelist now. */
export async function isWhitelisted(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('whitelist')
    .select('email')
    .where('email', '=', email)
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes many addresses in the caller's transaction, each audited and a webhook event. */
export async function removeManyFromWhitelist(
  trx: Transaction<Database>,
  emails: readonly string[],
  actor: string,
  now = new Date(),
): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await trx
    .deleteFrom('whitelist')
    .where('email', 'in', emails)
    .returning('email')
    .execute();
  const removed = rows.map((row) => row.email);
  await recordWhitelistChanges(trx, 'removed', removed, actor, now);
  return removed;
}
