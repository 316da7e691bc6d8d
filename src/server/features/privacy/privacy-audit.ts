import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { recordAudit, type AuditAction } from '../../platform/audit/audit-repository.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** The privacy actions of the audit log (platform/audit). */
export type PrivacyAction = Extract<AuditAction, `privacy.${string}`>;

/** The actor of a request made from the signed link in a mail: the person, who has no account. */
export const DATA_REQUEST_LINK_ACTOR = 'data-request-link';

/** Written in the transaction of what it records, as the whitelist's entries are. */
export function recordPrivacyAudit(
  db: Executor,
  entry: { at: Date; actor: string; action: PrivacyAction; target: string },
): Promise<void> {
  return recordAudit(db, entry);
}
