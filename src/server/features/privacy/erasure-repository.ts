import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { ErasedCounts } from '../../../contract/privacy.ts';
import type { Database } from '../../db/schema.ts';
import { recordPrivacyAudit } from './privacy-audit.ts';
import { erasedLabel } from '../../platform/mail/suppression.ts';

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
    mails: deleted(outbox),
  };
}

/**
 * The ways an address is written in audit text: as it is, and percent-encoded as a query string
 * (an export's filter as older entries kept it) or a URL component writes it.
 */
function writtenForms(address: string): string[] {
  const formEncoded = new URLSearchParams({ a: address }).toString().slice(2);
  return [...new Set([address, formEncoded, encodeURIComponent(address)])];
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, (char) => `\\${char}`);

/**
 * The address in any of its written forms, in any case, standing on its own: not the tail of a
 * longer address (`xjane@example.com`) nor the head of a longer domain (`jane@example.com.au`).
 */
function addressPattern(address: string): RegExp {
  const forms = writtenForms(address).map(literal).join('|');
  return new RegExp(`(?<![\\w.%+-])(?:${forms})(?![\\w-]|\\.[\\w-])`, 'giu');
}

/**
 * The longest ASCII run of a form: the LIKE that finds candidate rows (on lower-cased text; SQLite
 * lower-cases ASCII only, so a non-ASCII letter in another case must not decide), which the
 * pattern above then checks exactly.
 */
function candidateFragment(form: string): string {
  const runs = form.match(/[\x20-\x7e]+/g) ?? [];
  return runs.reduce((longest, run) => (run.length > longest.length ? run : longest), '');
}

/**
 * The audit log keeps what was done, and by whom, but names the erased person only by the hash:
 * wherever an entry's target names the address (as the target, or inside a longer text such as
 * an export's filter or a token's name), the address is replaced by the label. Actors are never
 * rewritten: an admin or viewer whose own address is erased as a signup stays accountable for
 * what they did (decision 0035).
 */
async function pseudonymiseAudit(trx: Transaction<Database>, address: string, label: string) {
  const fragments = writtenForms(address).map((form) =>
    candidateFragment(form.toLowerCase()).replace(/[\\%_]/g, (char) => `\\${char}`),
  );
  const candidates = await trx
    .selectFrom('audit_log')
    .select(['id', 'target'])
    .where(
      sql<SqlBool>`(${sql.join(
        fragments.map((fragment) => sql`lower(target) like ${`%${fragment}%`} escape '\\'`),
        sql` or `,
      )})`,
    )
    .execute();
  const pattern = addressPattern(address);
  let updated = 0;
  for (const row of candidates) {
    const target = row.target.replace(pattern, () => label);
    if (target === row.target) continue;
    await trx.updateTable('audit_log').set({ target }).where('id', '=', row.id).execute();
    updated += 1;
  }
  return updated;
}

/**
 * Erases an address (GDPR art. 17) in one transaction: its rows go, the audit log's targets name
 * it by hash, the hash is kept as a suppression (the address is never mailed again) and the erasure
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
    // An admin who erases their own address is still named as the one who did it.
    await recordPrivacyAudit(trx, { at: now, actor, action: 'privacy.erase', target: label });
    return { ...counts, auditEntries };
  });
}
