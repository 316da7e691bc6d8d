import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { uuidV7 } from '../../lib/uuid-v7.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * `privacy.export`: a copy was queued to the address; `privacy.download`: an admin downloaded
 * it; `privacy.erase`: the address was erased (the target is then its hash, never the address).
 */
export type PrivacyAction = 'privacy.export' | 'privacy.download' | 'privacy.erase';

/** The actor of a request made from the signed link in a mail: the person, who has no account. */
export const DATA_REQUEST_LINK_ACTOR = 'data-request-link';

/** Written in the transaction of what it records, as the whitelist's entries are. */
export async function recordPrivacyAudit(
  db: Executor,
  entry: { at: Date; actor: string; action: PrivacyAction; target: string },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: uuidV7(entry.at.getTime()),
      at: entry.at.toISOString(),
      actor: entry.actor,
      action: entry.action,
      target: entry.target,
    })
    .execute();
}
