import { sql, type Kysely, type Transaction } from 'kysely';
import type { Wave, WaveKind, WavePreviewRequest, WaveProgress } from '../../../contract/waves.ts';
import { isPostgres } from '../../db/column-types.ts';
import { toDate, type Database, type InviteWavesTable } from '../../db/schema.ts';
import { uuidV7 } from '../../lib/uuid-v7.ts';
import { recordAudits } from '../../platform/audit/audit-repository.ts';
import { whitelistForInvitation } from './whitelist-repository.ts';
import {
  enqueueMails,
  retryDeadMail,
  sentInvitation,
} from '../../platform/mail/outbox-repository.ts';
import { earlyAccessInvitation } from './early-access-invitation-mail.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** People one transaction of a wave handles: its whitelist rows, audit rows and mail. */
export const WAVE_BATCH_SIZE = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What a wave is asked to do (the preview's request). */
export type WaveSelection = WavePreviewRequest;

/** One key per wave and address: a retried or repeated batch never queues a second mail. */
export function waveDedupeKey(waveId: string, email: string): string {
  return `wave:${waveId}:${email}`;
}

/** The time before which someone must have been invited to be reminded. */
function reminderCutoff(days: number, now: Date): string {
  return new Date(now.getTime() - days * DAY_MS).toISOString();
}

/** Text stored before every way in asked for one mailbox (`address_problems`) is never mailed. */
function mailable(address: 's.email' | 'w.email') {
  return sql<boolean>`not exists (select 1 from address_problems p where p.email = ${sql.ref(address)})`;
}

/**
 * The people a wave would mail now, in wave order, at most `limit`:
 * - `invite`: the people waiting in line (confirmed, not whitelisted), first in line first;
 * - `reminder`: whitelisted addresses not registered in the app, whose invitation was delivered
 *   at least `days` days ago and that no reminder wave mailed in those days, earliest whitelisted
 *   first.
 * Both optionally of one programme type and signup form. With `lock` (PostgreSQL), two admins'
 * invite waves at once take different people, and a reminder holds its people's whitelist rows:
 * a removal meanwhile waits for the batch, so nobody removed is told they are in.
 */
export function waveCandidates(
  db: Executor,
  selection: WaveSelection,
  limit: number,
  now: Date,
  { lock = false }: { lock?: boolean } = {},
) {
  if (selection.kind === 'invite') {
    // The line (platform/line): waiting means confirmed and not on the whitelist, and its order
    // is the one each person's page shows.
    return db
      .selectFrom('signups as s')
      .select('s.email')
      .where('s.line_key', 'is not', null)
      .where(mailable('s.email'))
      .$if(selection.type !== undefined, (query) => query.where('s.program', '=', selection.type!))
      .$if(selection.source !== undefined, (query) =>
        query.where('s.source', '=', selection.source!),
      )
      .$if(selection.product !== undefined, (query) =>
        query.where(sql<boolean>`(',' || s.wants || ',') like ${`%,${selection.product},%`}`),
      )
      .orderBy('s.line_key', 'asc')
      .orderBy('s.ticket', 'desc')
      .limit(limit)
      .$if(lock, (query) => query.forUpdate('s').skipLocked());
  }
  const cutoff = reminderCutoff(selection.days, now);
  return db
    .selectFrom('whitelist as w')
    .leftJoin('signups as s', 's.email', 'w.email')
    .select('w.email')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('app_users as u').select('u.email').whereRef('u.email', '=', 'w.email'),
        ),
      ),
    )
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('mail_outbox as o')
          .select('o.id')
          .whereRef('o.to_address', '=', 'w.email')
          .where(sentInvitation('o'))
          .where('o.finished_at', '<=', cutoff),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('wave_members as m')
            .innerJoin('invite_waves as v', 'v.id', 'm.wave_id')
            .select('m.email')
            .whereRef('m.email', '=', 'w.email')
            .where('v.kind', '=', 'reminder')
            .where('v.created_at', '>', cutoff),
        ),
      ),
    )
    .where(mailable('w.email'))
    .$if(selection.type !== undefined, (query) => query.where('s.program', '=', selection.type!))
    .$if(selection.source !== undefined, (query) => query.where('s.source', '=', selection.source!))
    .orderBy('w.added_at')
    .orderBy('w.email')
    .limit(limit)
    .$if(lock, (query) => query.forShare('w'));
}

/** How many people the wave would mail now (at most its count), and the first of them. */
export async function previewWave(
  db: Kysely<Database>,
  selection: WaveSelection,
  sampleSize: number,
  now = new Date(),
): Promise<{ count: number; sample: string[] }> {
  const row = await db
    .selectFrom(waveCandidates(db, selection, selection.count, now).as('c'))
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  const sample = await waveCandidates(
    db,
    selection,
    Math.min(sampleSize, selection.count),
    now,
  ).execute();
  return { count: Number(row.count), sample: sample.map((candidate) => candidate.email) };
}

/** A wave's row, written with its first member. */
export type WaveRecord = {
  id: string;
  kind: WaveKind;
  requestedCount: number;
  createdBy: string;
  now: Date;
} & { type?: string | undefined; source?: string | undefined; days?: number | undefined };

/**
 * Invites addresses as members of `wave`, in the caller's transaction: each is let in first (on
 * the whitelist and audited once, admin/whitelist-repository.ts `whitelistForInvitation`), then
 * its invitation is queued in the outbox (background mail, keyed per wave and address) and it is
 * recorded as a member. The wave's row is written with its first member. Returns the addresses
 * invited: with `alreadyListed: 'skip'`, only those this call added to the whitelist.
 */
export async function inviteWaveMembers(
  trx: Transaction<Database>,
  emails: readonly string[],
  { wave, alreadyListed }: { wave: WaveRecord; alreadyListed: 'invite' | 'skip' },
): Promise<string[]> {
  const { id: waveId, createdBy: actor, now } = wave;
  const invited = await whitelistForInvitation(trx, emails, { actor, now, alreadyListed });
  if (invited.length === 0) return [];
  await insertWave(trx, wave);
  const ids = await enqueueMails(
    trx,
    invited.map((email) => ({
      to: email,
      template: earlyAccessInvitation.id,
      requestedBy: actor,
      dedupeKey: waveDedupeKey(waveId, email),
      urgent: false,
      at: now,
    })),
  );
  const members = invited.map((email, index) => ({
    wave_id: waveId,
    email,
    outbox_id: ids[index]!,
  }));
  await trx
    .insertInto('wave_members')
    .values(members)
    .onConflict((conflict) => conflict.columns(['wave_id', 'email']).doNothing())
    .execute();
  return invited;
}

/** Writes the wave's row, in the transaction of its first member; once, however often called. */
async function insertWave(trx: Transaction<Database>, wave: WaveRecord): Promise<void> {
  await trx
    .insertInto('invite_waves')
    .values({
      id: wave.id,
      kind: wave.kind,
      requested_count: wave.requestedCount,
      type: wave.type ?? null,
      source: wave.source ?? null,
      days: wave.days ?? null,
      created_by: wave.createdBy,
      created_at: wave.now.toISOString(),
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

/**
 * Runs a wave: batch after batch (one transaction each), selects the next people and invites
 * them (`inviteWaveMembers`: an invite wave whitelists them, each invitation audited once) and
 * queues their mail. Returns the wave's id, or undefined when nobody was selected (then no wave
 * is written).
 */
export async function runWave(
  db: Kysely<Database>,
  selection: WaveSelection,
  actor: string,
  now = new Date(),
): Promise<string | undefined> {
  const wave: WaveRecord = {
    id: uuidV7(now.getTime()),
    kind: selection.kind,
    requestedCount: selection.count,
    createdBy: actor,
    now,
    type: selection.type,
    source: selection.source,
    ...(selection.kind === 'reminder' ? { days: selection.days } : {}),
  };
  let remaining = selection.count;
  let written = false;
  while (remaining > 0) {
    const mailed = await db.transaction().execute(async (trx) => {
      // SQLite has one writer at a time: nothing to lock.
      const rows = await waveCandidates(trx, selection, Math.min(WAVE_BATCH_SIZE, remaining), now, {
        lock: isPostgres(db),
      }).execute();
      if (rows.length === 0) return undefined;
      const invited = await inviteWaveMembers(
        trx,
        rows.map((row) => row.email),
        { wave, alreadyListed: selection.kind === 'invite' ? 'skip' : 'invite' },
      );
      return invited.length;
    });
    if (mailed === undefined) break;
    if (mailed > 0) written = true;
    remaining -= mailed;
  }
  return written ? wave.id : undefined;
}

const emptyProgress = (): WaveProgress => ({ queued: 0, sent: 0, failed: 0, suppressed: 0 });

/** Each wave's mail by outbox state, read from the outbox rows themselves. */
async function progressOf(
  db: Executor,
  waveIds: string[],
): Promise<Map<string, { progress: WaveProgress; members: number }>> {
  const result = new Map<string, { progress: WaveProgress; members: number }>();
  for (const id of waveIds) result.set(id, { progress: emptyProgress(), members: 0 });
  if (waveIds.length === 0) return result;
  const rows = await db
    .selectFrom('wave_members as m')
    .leftJoin('mail_outbox as o', 'o.id', 'm.outbox_id')
    .select(['m.wave_id', 'o.status', sql<number>`count(*)`.as('count')])
    .where('m.wave_id', 'in', waveIds)
    .groupBy(['m.wave_id', 'o.status'])
    .execute();
  for (const row of rows) {
    const entry = result.get(row.wave_id)!;
    const count = Number(row.count);
    entry.members += count;
    if (row.status === 'queued' || row.status === 'sending') entry.progress.queued += count;
    else if (row.status === 'sent') entry.progress.sent += count;
    else if (row.status === 'dead') entry.progress.failed += count;
    else if (row.status === 'suppressed') entry.progress.suppressed += count;
    // No outbox row: the address was erased since, with its mail.
  }
  return result;
}

function toWave(
  row: InviteWavesTable,
  stats: { progress: WaveProgress; members: number } | undefined,
): Wave {
  return {
    id: row.id,
    kind: row.kind,
    requestedCount: row.requested_count,
    memberCount: stats?.members ?? 0,
    type: row.type,
    source: row.source,
    days: row.days,
    createdBy: row.created_by,
    createdAt: toDate(row.created_at).toISOString(),
    progress: stats?.progress ?? emptyProgress(),
  };
}

/** The newest waves first, each with its progress. */
export async function listWaves(db: Kysely<Database>, limit: number): Promise<Wave[]> {
  const rows = await db
    .selectFrom('invite_waves')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  const stats = await progressOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toWave(row, stats.get(row.id)));
}

export async function findWave(db: Executor, id: string): Promise<Wave | undefined> {
  const row = await db
    .selectFrom('invite_waves')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return toWave(row, (await progressOf(db, [id])).get(id));
}

/**
 * Puts the wave's failed (dead) mail back in the queue, each retry audited, in one
 * transaction. Mail that was sent, or is still queued, is not touched: nobody gets two.
 */
export async function retryWave(
  db: Kysely<Database>,
  waveId: string,
  actor: string,
  now = new Date(),
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let retried = 0;
    let after = '';
    for (;;) {
      const dead = trx
        .selectFrom('wave_members as m')
        .innerJoin('mail_outbox as o', 'o.id', 'm.outbox_id')
        .select(['o.id', 'o.to_address'])
        .where('m.wave_id', '=', waveId)
        .where('o.status', '=', 'dead')
        .where('o.id', '>', after)
        .orderBy('o.id')
        .limit(WAVE_BATCH_SIZE);
      const rows = await (isPostgres(db) ? dead.forUpdate('o') : dead).execute();
      if (rows.length === 0) break;
      after = rows.at(-1)!.id;
      retried += await retryDeadMail(
        trx,
        rows.map((row) => row.id),
        now,
      );
      await recordAudits(
        trx,
        rows.map((row) => ({ at: now, actor, action: 'mail.retry', target: row.to_address })),
      );
    }
    return retried;
  });
}
