import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import { isPostgres } from '../../db/column-types.ts';
import type { Database } from '../../db/schema.ts';
import { everyWhileRunning } from '../../lib/while-running.ts';
import { placeInLine } from '../../platform/line/line.ts';
import { queueMails } from '../../platform/mail/outbox-repository.ts';
import { MOVED_UP_TEMPLATE_ID } from './moved-up-mail.ts';

/**
 * The weekly "you moved up" mail (issue 26, decision 0040). People move up when a wave invites
 * people ahead of them or when their referrals are credited, so any waiting person may have moved:
 * the mail cannot be driven by one kind of change. Instead a sweep walks the line in its own order
 * (`line_key` ascending, `ticket` descending), a bounded batch a round, from a cursor:
 *
 * - one place is computed per batch (the first person's, from the bucket counts, `placeInLine`);
 *   the others in the batch are that place plus their offset, read in the same snapshot, so a
 *   batch costs one place and one index range of `batch` rows, never a place per row;
 * - a person gets a mail when their place is better than the place their last such mail said,
 *   their last one (or their confirmation) is 7 days old or more, and neither the setting
 *   (MOVED_UP_MAIL) nor the person (`moved_mail_off`) turned it off; it is queued in the outbox
 *   (which leaves out erased and unsubscribed addresses when it sends, and adds List-Unsubscribe),
 *   once per person and week (its dedupe key), in the transaction that records the place it says;
 * - a person the sweep sees for the first time gets their place recorded (no mail): it is what
 *   the next mail compares with.
 *
 * Scale: with a batch of 1,000 every 5 s, a sweep passes 720,000 people an hour, so a line of a
 * million is walked every hour and a half, well inside the week a mail waits; a shorter line is
 * walked at most once an hour (`passEveryMs`). One instance sweeps at a time (PostgreSQL: an
 * advisory lock; SQLite has one writer); a sweep another instance began is simply walked again,
 * and the 7 days and the dedupe key keep a person to one mail a week.
 */

export const MOVED_UP_EVERY_DAYS = 7;
const DAY_MS = 86_400_000;

/** Where the sweep stands in the line: after this key and ticket (undefined: at its start). */
export interface SweepCursor {
  key: number;
  ticket: number;
}

export interface SweepRound {
  /** Where the next round goes on from; undefined when this round reached the end of the line. */
  cursor: SweepCursor | undefined;
  /** People the round passed. */
  scanned: number;
  /** Mails it queued. */
  queued: number;
  /** People whose first place it recorded. */
  recorded: number;
}

type Executor = Kysely<Database> | Transaction<Database>;

/** The Monday (UTC) of the week of `at`, as the dedupe key's week. */
function weekOf(at: Date): string {
  const day = (at.getUTCDay() + 6) % 7;
  return new Date(at.getTime() - day * DAY_MS).toISOString().slice(0, 10);
}

export function movedUpDedupeKey(signupId: string, at: Date): string {
  return `moved-up:${signupId}:${weekOf(at)}`;
}

/** The next `batch` waiting people after `cursor`, in the line's order. */
function nextInLine(db: Executor, cursor: SweepCursor | undefined, batch: number) {
  let query = db
    .selectFrom('signups')
    .select([
      'id',
      'email',
      'line_key',
      'ticket',
      'confirmed_at',
      'moved_mail_off',
      'moved_mail_at',
      'moved_mail_place',
    ])
    .where('line_key', 'is not', null);
  if (cursor) {
    const { key, ticket } = cursor;
    // `line_key >= key` on its own too: the index range starts there, never at the line's start.
    query = query
      .where('line_key', '>=', key)
      .where((eb) =>
        eb.or([
          eb('line_key', '>', key),
          eb.and([eb('line_key', '=', key), eb('ticket', '<', ticket)]),
        ]),
      );
  }
  return query.orderBy('line_key').orderBy('ticket', 'desc').limit(batch).execute();
}

/** Sets `moved_mail_place` (and `moved_mail_at` when given) of each person, in one statement. */
async function recordPlaces(
  db: Executor,
  places: readonly { id: string; place: number }[],
  mailedAt: string | undefined,
) {
  if (places.length === 0) return;
  const cases = sql.join(
    places.map(({ id, place }) => sql`when ${id} then ${sql.lit(place)}`),
    sql` `,
  );
  await db
    .updateTable('signups')
    .set({
      moved_mail_place: sql`case id ${cases} end`,
      ...(mailedAt ? { moved_mail_at: mailedAt } : {}),
    })
    .where(
      'id',
      'in',
      places.map(({ id }) => id),
    )
    .execute();
}

/** One round of the sweep: the next `batch` people after `cursor`, in one transaction. */
export async function sweepMovedUp(
  db: Kysely<Database>,
  options: { cursor?: SweepCursor | undefined; batch?: number; now?: Date } = {},
): Promise<SweepRound | undefined> {
  const batch = options.batch ?? 1000;
  const now = options.now ?? new Date();
  const due = new Date(now.getTime() - MOVED_UP_EVERY_DAYS * DAY_MS).getTime();
  const postgres = isPostgres(db);
  // Repeatable read on PostgreSQL: the first place and the batch are read in one snapshot.
  const transaction = postgres
    ? db.transaction().setIsolationLevel('repeatable read')
    : db.transaction();
  return transaction.execute(async (trx) => {
    if (postgres) {
      const { rows } = await sql<{ locked: boolean }>`
        select pg_try_advisory_xact_lock(hashtext(current_schema() || '.moved-up-sweep')) as locked`.execute(
        trx,
      );
      if (!rows[0]?.locked) return undefined; // another instance is sweeping
    }
    const rows = await nextInLine(trx, options.cursor, batch);
    const round: SweepRound = { cursor: undefined, scanned: rows.length, queued: 0, recorded: 0 };
    const first = rows[0];
    if (!first) return round;
    const start = await placeInLine(trx, first.id);
    if (!start) return round;
    const mails: { id: string; place: number; was: number; email: string }[] = [];
    const firsts: { id: string; place: number }[] = [];
    for (const [offset, row] of rows.entries()) {
      const place = start.place + offset;
      if (row.moved_mail_off) continue;
      if (row.moved_mail_place === null) {
        firsts.push({ id: row.id, place });
        continue;
      }
      const was = Number(row.moved_mail_place);
      const last = row.moved_mail_at ?? row.confirmed_at;
      if (place < was && last !== null && new Date(last).getTime() <= due) {
        mails.push({ id: row.id, place, was, email: row.email });
      }
    }
    await queueMails(
      trx,
      mails.map(({ id, place, was, email }) => ({
        to: email,
        template: MOVED_UP_TEMPLATE_ID,
        params: {
          signupId: id,
          place: String(place),
          was: String(was),
          waiting: String(start.waiting),
        },
        requestedBy: 'system',
        dedupeKey: movedUpDedupeKey(id, now),
        at: now,
      })),
    );
    await recordPlaces(trx, mails, now.toISOString());
    await recordPlaces(trx, firsts, undefined);
    const last = rows[rows.length - 1]!;
    return {
      cursor:
        rows.length < batch
          ? undefined
          : { key: Number(last.line_key), ticket: Number(last.ticket) },
      scanned: rows.length,
      queued: mails.length,
      recorded: firsts.length,
    };
  });
}

export interface MovedUpSweepSettings {
  /** How often a round runs. */
  everyMs: number;
  /** People a round passes. */
  batch: number;
  /** A new pass of the line starts at most this often. */
  passEveryMs: number;
}

export const MOVED_UP_SWEEP: MovedUpSweepSettings = {
  everyMs: 5_000,
  batch: 1_000,
  passEveryMs: 3_600_000,
};

/**
 * Runs the sweep while the app runs (not at all when MOVED_UP_MAIL is off): round after round
 * through the line, a new pass at most every `passEveryMs`; nudges the mail sender when a round
 * queued mail.
 */
export function sweepMovedUpWhileRunning(
  app: FastifyInstance,
  settings: MovedUpSweepSettings = MOVED_UP_SWEEP,
) {
  if (!app.config.movedUpMail) return;
  const { db } = app.database;
  let cursor: SweepCursor | undefined;
  let passStarted = -Infinity;
  everyWhileRunning(app, settings.everyMs, 'moved-up mail sweep failed', async () => {
    if (!app.config.movedUpMail) return;
    if (!cursor) {
      if (Date.now() - passStarted < settings.passEveryMs) return;
      passStarted = Date.now();
    }
    const round = await sweepMovedUp(db, { cursor, batch: settings.batch });
    if (!round) return;
    cursor = round.cursor;
    if (round.queued > 0) app.mailer.nudge();
  });
}
