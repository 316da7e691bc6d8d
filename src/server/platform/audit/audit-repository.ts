import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { uuidV7 } from '../../lib/uuid-v7.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export type AuditAction =
  | 'whitelist.add'
  /** Added to the whitelist (or already on it) and sent the early-access invitation. */
  | 'whitelist.invite'
  | 'whitelist.remove'
  | 'mail.retry'
  | 'api-token.create'
  | 'api-token.revoke'
  | 'webhook.create'
  | 'webhook.remove'
  | 'webhook.retry'
  | 'export'
  | 'signups.import'
  /**
   * A copy of a person's data was queued to the address; an admin downloaded it; the address
   * was erased (the target is then its hash, never the address).
   */
  | 'privacy.export'
  | 'privacy.download'
  | 'privacy.erase'
  /** An admin credited or rejected a referral held for review (the target: its owner). */
  | 'referral.credit'
  | 'referral.reject';

export interface AuditEntry {
  at: Date;
  /** The admin's email address. */
  actor: string;
  action: AuditAction;
  /** What was changed: for the whitelist and a mail retry, the address. */
  target: string;
}

/** Written in the transaction of the change it records, so neither exists without the other. */
export function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  return recordAudits(db, [entry]);
}

/** Many entries in one statement (a bulk change), in the transaction of the change. */
export async function recordAudits(db: Executor, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db
    .insertInto('audit_log')
    .values(
      entries.map((entry) => ({
        id: uuidV7(entry.at.getTime()),
        at: entry.at.toISOString(),
        actor: entry.actor,
        action: entry.action,
        target: entry.target,
      })),
    )
    .execute();
}
