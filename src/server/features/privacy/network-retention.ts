import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { everyWhileRunning } from '../../lib/while-running.ts';
import { NETWORK_DAYS } from '../../platform/line/referrals.ts';

const DAY_MS = 86_400_000;

/**
 * The network a person was last seen from (a keyed hash of the /24 or /64, kept for the referral
 * checks, decision 0040) is kept 30 days, as the privacy page says: older ones are cleared, in
 * batches so one round never holds the database long. Returns how many it cleared.
 */
export async function clearOldNetworks(
  db: Kysely<Database>,
  now = new Date(),
  batch = 5_000,
): Promise<number> {
  const before = new Date(now.getTime() - NETWORK_DAYS * DAY_MS).toISOString();
  let cleared = 0;
  for (;;) {
    const result = await db
      .updateTable('signups')
      .set({ network: null, network_at: null })
      .where(
        'id',
        'in',
        db.selectFrom('signups').select('id').where('network_at', '<', before).limit(batch),
      )
      .executeTakeFirst();
    const rows = Number(result.numUpdatedRows);
    cleared += rows;
    if (rows < batch) return cleared;
  }
}

/** How often each instance clears networks older than 30 days. */
export const NETWORK_RETENTION_EVERY_MS = 3_600_000;

export function clearOldNetworksWhileRunning(
  app: FastifyInstance,
  everyMs = NETWORK_RETENTION_EVERY_MS,
) {
  const { db } = app.database;
  everyWhileRunning(app, everyMs, 'clearing old networks failed', () => clearOldNetworks(db));
}
