import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../../db/column-types.ts';
import type { Database } from '../../db/schema.ts';
import { everyWhileRunning } from '../../lib/while-running.ts';
import type { ListFilter } from './list-filter.ts';

/** What the tally can answer: the conditions on a signup row's own columns, without a search. */
export type TallyFilter = Pick<ListFilter, 'confirmation' | 'type' | 'source' | 'from' | 'to'>;

/** Whether the tally answers how many signups the filter keeps (no search, whitelist or app). */
export function tallyAnswers(filter: ListFilter): boolean {
  return (
    !filter.search?.trim() &&
    !filter.whitelisted &&
    !filter.registered &&
    !filter.waiting &&
    !filter.product &&
    !filter.referrer &&
    filter.sort !== 'place' &&
    filter.sort !== 'referrals'
  );
}

/**
 * How many signups the filter keeps, from the signup tally (migration 0017, decision 0029): a
 * few rows per day of signups rather than a row per signup. On PostgreSQL the changes not yet
 * folded in are added; the statement sees the tally and the changes at one moment, so a fold
 * running meanwhile never counts a change twice or not at all.
 */
export async function countFromTally(db: Kysely<Database>, filter: TallyFilter): Promise<number> {
  const rows = isPostgres(db)
    ? db
        .selectFrom('signup_tally')
        .select(['day', 'program', 'source', 'confirmed', 'signups'])
        .unionAll(
          db
            .selectFrom('signup_tally_changes')
            .select(['day', 'program', 'source', 'confirmed', 'change as signups']),
        )
    : db.selectFrom('signup_tally').select(['day', 'program', 'source', 'confirmed', 'signups']);
  let query = db
    .selectFrom(rows.as('t'))
    .select(sql<string | number | null>`sum(t.signups)`.as('signups'));
  if (filter.confirmation) {
    query = query.where('t.confirmed', '=', filter.confirmation === 'confirmed' ? 1 : 0);
  }
  if (filter.type) query = query.where('t.program', '=', filter.type);
  if (filter.source) query = query.where('t.source', '=', filter.source);
  if (filter.from) query = query.where('t.day', '>=', filter.from);
  if (filter.to) query = query.where('t.day', '<=', filter.to);
  const row = await query.executeTakeFirst();
  return Number(row?.signups ?? 0);
}

/**
 * Folds PostgreSQL's tally changes into the tally, in one statement: the changes it deletes are
 * exactly those it adds (changes committed meanwhile wait for the next fold). One instance folds
 * at a time (a transaction-scoped advisory lock per schema), so folds never wait on each other's
 * tally rows. Returns how many change rows it folded; 0 on SQLite, whose triggers need no fold.
 */
export async function foldSignupTally(db: Kysely<Database>): Promise<number> {
  if (!isPostgres(db)) return 0;
  return db.transaction().execute(async (trx) => {
    const { rows: lock } = await sql<{ locked: boolean }>`
      select pg_try_advisory_xact_lock(hashtext(current_schema() || '.signup_tally')) as locked`.execute(
      trx,
    );
    if (!lock[0]?.locked) return 0;
    const { rows } = await sql<{ folded: string | number }>`
      with moved as (
        delete from signup_tally_changes
        returning day, program, source, confirmed, change
      ), summed as (
        select day, program, source, confirmed, sum(change) as change, count(*) as folded
        from moved group by day, program, source, confirmed
      ), added as (
        insert into signup_tally (day, program, source, confirmed, signups)
        select day, program, source, confirmed, change from summed
        order by day, program, source, confirmed
        on conflict (day, program, source, confirmed)
          do update set signups = signup_tally.signups + excluded.signups
      )
      select coalesce(sum(folded), 0) as folded from summed`.execute(trx);
    return Number(rows[0]?.folded ?? 0);
  });
}

/** How often each instance folds the tally's changes (PostgreSQL). */
export const TALLY_FOLD_MS = 2_000;

/**
 * Folds the tally's changes every `everyMs` on PostgreSQL while the app runs, so they stay a
 * few seconds' worth. A failed fold is logged and tried again at the next round; nothing is lost
 * (the changes stay until a fold commits).
 */
export function foldSignupTallyWhileRunning(app: FastifyInstance, everyMs = TALLY_FOLD_MS) {
  const { db } = app.database;
  if (!isPostgres(db)) return;
  everyWhileRunning(app, everyMs, 'signup tally fold failed', () => foldSignupTally(db));
}
