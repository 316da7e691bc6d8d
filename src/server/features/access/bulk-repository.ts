import { sql, type Kysely } from 'kysely';
import type { BulkAction, BulkSelection, SignupFilter } from '../../../contract/waves.ts';
import type { Database } from '../../db/schema.ts';
import { uuidV7 } from '../../lib/uuid-v7.ts';
import { addManyToWhitelist, removeManyFromWhitelist } from './whitelist-repository.ts';
import { allOf, signupConditions } from '../../platform/lists/list-filter.ts';
import { inviteWaveMembers, WAVE_BATCH_SIZE } from './wave-repository.ts';

/**
 * The addresses of every signup `GET /api/admin/signups` lists with these filters (the same
 * conditions, on every page), in address order from after `after`: a stable order while the
 * batches change them.
 */
function matchingAddresses(
  db: Kysely<Database>,
  filter: SignupFilter,
  { after, limit }: { after: string; limit: number },
) {
  return db
    .selectFrom('signups as s')
    .select('s.email')
    .where(allOf(signupConditions('s', filter)))
    .where('s.email', '>', after)
    .orderBy('s.email')
    .limit(limit);
}

function countMatching(db: Kysely<Database>, filter: SignupFilter) {
  return db.selectFrom('signups as s').where(allOf(signupConditions('s', filter)));
}

/** The selected addresses, batch after batch, in address order. */
async function* selectedBatches(
  db: Kysely<Database>,
  selection: BulkSelection,
): AsyncGenerator<string[]> {
  if ('emails' in selection) {
    const emails = [...new Set(selection.emails)].sort();
    for (let start = 0; start < emails.length; start += WAVE_BATCH_SIZE) {
      yield emails.slice(start, start + WAVE_BATCH_SIZE);
    }
    return;
  }
  let after = '';
  for (;;) {
    const rows = await matchingAddresses(db, selection.matching, {
      after,
      limit: WAVE_BATCH_SIZE,
    }).execute();
    if (rows.length === 0) return;
    yield rows.map((row) => row.email);
    after = rows.at(-1)!.email;
  }
}

/**
 * How many addresses the selection holds, how many of them the action would change (add: not
 * whitelisted; remove: whitelisted), and the first few in address order.
 */
export async function previewBulk(
  db: Kysely<Database>,
  action: BulkAction,
  selection: BulkSelection,
  sampleSize: number,
): Promise<{ count: number; changes: number; sample: string[] }> {
  if ('emails' in selection) {
    const emails = [...new Set(selection.emails)].sort();
    let whitelisted = 0;
    for (let start = 0; start < emails.length; start += WAVE_BATCH_SIZE) {
      const row = await db
        .selectFrom('whitelist')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('email', 'in', emails.slice(start, start + WAVE_BATCH_SIZE))
        .executeTakeFirstOrThrow();
      whitelisted += Number(row.count);
    }
    return {
      count: emails.length,
      changes: action === 'add' ? emails.length - whitelisted : whitelisted,
      sample: emails.slice(0, sampleSize),
    };
  }
  const row = await countMatching(db, selection.matching)
    .select((eb) => [
      eb.fn.countAll().as('count'),
      sql<number>`sum(case when exists (select 1 from whitelist w where w.email = s.email) then 1 else 0 end)`.as(
        'whitelisted',
      ),
    ])
    .executeTakeFirstOrThrow();
  const count = Number(row.count);
  const whitelisted = Number(row.whitelisted ?? 0);
  const sample = await matchingAddresses(db, selection.matching, {
    after: '',
    limit: sampleSize,
  }).execute();
  return {
    count,
    changes: action === 'add' ? count - whitelisted : whitelisted,
    sample: sample.map((entry) => entry.email),
  };
}

/**
 * Adds or removes every selected address, one transaction per batch, each change audited. With
 * `invite`, every address it adds gets the early-access invitation, queued in the same
 * transaction as a member of a `bulk` wave (`inviteWaveMembers`, which audits each addition
 * once, as an invitation). Returns how many changed and the wave, if any.
 */
export async function runBulk(
  db: Kysely<Database>,
  {
    action,
    selection,
    invite,
    count,
  }: { action: BulkAction; selection: BulkSelection; invite: boolean; count: number },
  actor: string,
  now = new Date(),
): Promise<{ changed: number; waveId: string | undefined }> {
  const wave = {
    id: uuidV7(now.getTime()),
    kind: 'bulk' as const,
    requestedCount: count,
    createdBy: actor,
    now,
  };
  let changed = 0;
  for await (const emails of selectedBatches(db, selection)) {
    changed += await db.transaction().execute(async (trx) => {
      if (action === 'remove') {
        return (await removeManyFromWhitelist(trx, emails, actor, now)).length;
      }
      if (invite) {
        return (await inviteWaveMembers(trx, emails, { wave, alreadyListed: 'skip' })).length;
      }
      return (await addManyToWhitelist(trx, emails, actor, now)).length;
    });
  }
  return { changed, waveId: invite && changed > 0 ? wave.id : undefined };
}

/** The selection's size now, for the check against the count the admin confirmed. */
export async function selectionCount(
  db: Kysely<Database>,
  selection: BulkSelection,
): Promise<number> {
  if ('emails' in selection) return new Set(selection.emails).size;
  const row = await countMatching(db, selection.matching)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
