import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Which of `emails` are stored text that is not one mailbox (kept from before every way in asked
 * for one; migration 0019): the lists mark them, and nothing mails them. One lookup per page.
 */
export async function notOneMailbox(db: Kysely<Database>, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .selectFrom('address_problems')
    .select('email')
    .where('email', 'in', emails)
    .execute();
  return new Set(rows.map((row) => row.email));
}
