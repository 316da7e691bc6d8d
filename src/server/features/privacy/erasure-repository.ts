import type { Kysely, Transaction } from 'kysely';
import type { ErasedCounts } from '../../../contract/privacy.ts';
import type { Database } from '../../db/schema.ts';
import { recordPrivacyAudit } from './privacy-audit.ts';
import { erasedLabel } from './suppression.ts';

export interface ErasureRequest {
  /** The normalised address. */
  address: string;
  /** Its keyed hash (suppression.ts `addressHash`), the one thing kept. */
  hash: string;
  /** The admin's address, or DATA_REQUEST_LINK_ACTOR for the person's own link. */
  actor: string;
}

const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows);

/**
 * Deletes the rows that name the address. The mail log's rows go too (rather than keeping them
 * under the hash): they exist to show what happened to a person's mail, and with the person
 * gone a row under the hash would only be a pseudonymous trail. Rows of other addresses are
 * untouched. Mail still queued for it is deleted with its row, so it never leaves.
 */
async function deleteRows(trx: Transaction<Database>, address: string) {
  const signups = await trx.deleteFrom('signups').where('email', '=', address).executeTakeFirst();
  const whitelist = await trx
    .deleteFrom('whitelist')
    .where('email', '=', address)
    .executeTakeFirst();
  const registrations = await trx
    .deleteFrom('app_users')
    .where('email', '=', address)
    .executeTakeFirst();
  const unsubscribes = await trx
    .deleteFrom('email_unsubscribes')
    .where('email', '=', address)
    .executeTakeFirst();
  const outbox = await trx
    .deleteFrom('mail_outbox')
    .where('to_address', '=', address)
    .executeTakeFirst();
  const olderLog = await trx
    .deleteFrom('email_send_log')
    .where('to_address', '=', address)
    .executeTakeFirst();
  // The local mail catcher's copies (never in production).
  await trx.deleteFrom('caught_mail').where('to_address', '=', address).execute();
  // Its place in invite waves (the waves' counts keep no address).
  await trx.deleteFrom('wave_members').where('email', '=', address).execute();
  // Webhook events about the address: sent ones are the receivers' now, unsent ones never leave.
  await trx.deleteFrom('webhook_deliveries').where('subject', '=', address).execute();
  // The mark on text stored before addresses were checked as one mailbox.
  await trx.deleteFrom('address_problems').where('email', '=', address).execute();
  return {
    signups: deleted(signups),
    whitelist: deleted(whitelist),
    appRegistrations: deleted(registrations),
    unsubscribes: deleted(unsubscribes),
    mails: deleted(outbox) + deleted(olderLog),
  };
}

/**
 * The audit log keeps what was done, and by whom, but names the erased address only by its
 * hash: as the target of an action, and as the actor if the person was also an admin.
 */
async function pseudonymiseAudit(trx: Transaction<Database>, address: string, label: string) {
  const result = await trx
    .updateTable('audit_log')
    .set((eb) => ({
      target: eb.case().when('target', '=', address).then(label).else(eb.ref('target')).end(),
      actor: eb.case().when('actor', '=', address).then(label).else(eb.ref('actor')).end(),
    }))
    .where((eb) => eb.or([eb('target', '=', address), eb('actor', '=', address)]))
    .executeTakeFirstOrThrow();
  return Number(result.numUpdatedRows);
}

/**
 * Erases an address (GDPR art. 17) in one transaction: its rows go, the audit log names it by
 * hash, the hash is kept as a suppression (the address is never mailed again) and the erasure
 * itself is audited under the hash. Idempotent: a second erasure finds nothing more to delete.
 */
export async function erasePersonalData(
  db: Kysely<Database>,
  { address, hash, actor }: ErasureRequest,
  now = new Date(),
): Promise<ErasedCounts> {
  const label = erasedLabel(hash);
  return db.transaction().execute(async (trx) => {
    const counts = await deleteRows(trx, address);
    const auditEntries = await pseudonymiseAudit(trx, address, label);
    await trx
      .insertInto('email_suppressions')
      .values({ address_hash: hash, reason: 'erasure', created_at: now.toISOString() })
      .onConflict((conflict) => conflict.column('address_hash').doNothing())
      .execute();
    // An admin who erases their own address is named by the hash too.
    const by = actor === address ? label : actor;
    await recordPrivacyAudit(trx, { at: now, actor: by, action: 'privacy.erase', target: label });
    return { ...counts, auditEntries };
  });
}
