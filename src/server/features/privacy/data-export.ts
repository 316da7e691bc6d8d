import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { enqueueMail } from '../../platform/mail/outbox-repository.ts';
import { DATA_EXPORT_TEMPLATE_ID } from './data-export-mail.ts';
import { recordPrivacyAudit } from './privacy-audit.ts';

const HOUR_MS = 60 * 60 * 1000;

export interface DataExportRequest {
  /** The normalised address: the copy goes to it, and only to it. */
  address: string;
  /** The admin's address, or DATA_REQUEST_LINK_ACTOR for the person's own link. */
  actor: string;
  /** The outbox's `requested_by`: the admin's address, or `system`. */
  requestedBy: string;
}

/**
 * Queues the mail "Your ReelScore data" to the address, audited in the same transaction. The
 * outbox row names only the address: the copy is made when the mail leaves (the template's
 * attachment), so it is never stored and is as fresh as it can be. At most one copy per address
 * per clock hour (a repeated button press, or the person and an admin both asking): a repeat
 * answers `queued: false` and changes nothing.
 */
export async function queueDataExport(
  db: Kysely<Database>,
  { address, actor, requestedBy }: DataExportRequest,
  now = new Date(),
): Promise<{ queued: boolean }> {
  return db.transaction().execute(async (trx) => {
    const { queued } = await enqueueMail(trx, {
      to: address,
      template: DATA_EXPORT_TEMPLATE_ID,
      params: { address },
      requestedBy,
      dedupeKey: `data-export:${address}:${Math.floor(now.getTime() / HOUR_MS)}`,
      at: now,
    });
    if (queued) {
      await recordPrivacyAudit(trx, { at: now, actor, action: 'privacy.export', target: address });
    }
    return { queued };
  });
}
