import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import { isPostgres } from '../../db/column-types.ts';
import { LINE_BUCKET_SIZE, LINE_KEY_OFFSET } from '../../db/migrations/0021-place-in-line.ts';
import type { Database } from '../../db/schema.ts';
import { everyWhileRunning } from '../../lib/while-running.ts';

/**
 * The line (decision 0040): the people waiting (confirmed, not yet on the whitelist) in one
 * order, `line_key` ascending then `ticket` descending, where `ticket` is the place taken by
 * signup time and `line_key` is `ticket - boost`, the places credited referrals moved the person
 * forward: moved forward 10 places, a person passes exactly the 10 before them (on a tie of
 * keys, the one who moved further came from further back and goes first). The person's page and
 * the admin's "invite the next N" (wave-repository.ts) both read this order.
 *
 * Triggers (migration 0021) start and end a person's wait, whoever writes: a confirmation, a
 * row inserted confirmed, a whitelist entry made or removed; an erased signup's row goes, and its
 * bucket count with it. A credited referral moves the person through `setBoost`.
 */

type Executor = Kysely<Database> | Transaction<Database>;

/** The first of `count` new tickets on SQLite (one writer: the batch numbers its own rows). */
export async function nextTickets(db: Executor, count: number): Promise<number | undefined> {
  if (isPostgres(db) || count === 0) return undefined; // a sequence gives them
  const row = await db
    .selectFrom('signups')
    .select((eb) => eb.fn.max('ticket').as('last'))
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}

/** The places a person's credited referrals move them forward. */
export function boostFor(credited: number, placesPerReferral: number, cap: number): number {
  return Math.max(0, Math.min(credited, cap)) * placesPerReferral;
}

/** Sets a person's boost, moving their key with it if they wait. */
export async function setBoost(db: Executor, id: string, boost: number): Promise<void> {
  await db
    .updateTable('signups')
    .set({
      boost,
      line_key: sql`case when line_key is null then null else ticket - ${boost} end`,
    })
    .where('id', '=', id)
    .execute();
}

function bucketOf(key: number): number {
  return Math.floor((key + LINE_KEY_OFFSET) / LINE_BUCKET_SIZE);
}

/** Bucket counts: the folded table, plus PostgreSQL's changes not yet folded. */
function buckets(db: Executor) {
  return isPostgres(db)
    ? db
        .selectFrom('line_buckets')
        .select(['bucket', 'people'])
        .unionAll(db.selectFrom('line_bucket_changes').select(['bucket', 'change as people']))
    : db.selectFrom('line_buckets').select(['bucket', 'people']);
}

/** How many people wait. */
export async function waitingCount(db: Executor): Promise<number> {
  const row = await db
    .selectFrom(buckets(db).as('b'))
    .select(sql<string | number | null>`sum(b.people)`.as('people'))
    .executeTakeFirst();
  return Number(row?.people ?? 0);
}

export interface Place {
  /** 1 for the first person in line. */
  place: number;
  /** How many people wait, the person included. */
  waiting: number;
}

/**
 * A waiting person's place, exactly, without counting the line: the people in the buckets before
 * theirs (a sum over at most a few thousand rows), plus those ahead of them in their own bucket
 * (at most about a bucket's width of index entries), read in one statement so both sums see the
 * same moment. Those ahead in the bucket are two ranges of the line's index (the keys before the
 * person's, then their own key with a later ticket): one condition with an OR made SQLite merge
 * two index scans, at twice the cost. Undefined when the person does not wait (unconfirmed,
 * invited, gone).
 */
export async function placeInLine(db: Executor, id: string): Promise<Place | undefined> {
  const me = await db
    .selectFrom('signups')
    .select(['line_key', 'ticket'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!me || me.line_key === null || me.ticket === null) return undefined;
  return placeAt(db, Number(me.line_key), Number(me.ticket));
}

/**
 * The place a person with `key` and `ticket` has (or would have) in the line: one more than the
 * waiting people ahead of that spot, by the same bucket method as `placeInLine` (no count over
 * the line). A person who waits at another key counts themselves if they are ahead of the spot.
 */
export async function placeAt(db: Executor, key: number, ticket: number): Promise<Place> {
  const bucket = bucketOf(key);
  const bucketStart = bucket * LINE_BUCKET_SIZE - LINE_KEY_OFFSET;
  const { rows } = await sql<{
    before: string | number | null;
    total: string | number | null;
    inside: string | number;
  }>`
    select
      (select sum(b.people) from (${buckets(db)}) as b where b.bucket < ${bucket}) as before,
      (select sum(b.people) from (${buckets(db)}) as b) as total,
      (select count(*) from signups s where s.line_key >= ${bucketStart} and s.line_key < ${key})
        + (select count(*) from signups s where s.line_key = ${key} and s.ticket > ${ticket})
        as inside`.execute(db);
  const row = rows[0];
  return {
    place: Number(row?.before ?? 0) + Number(row?.inside ?? 0) + 1,
    waiting: Number(row?.total ?? 0),
  };
}

/** A waiting person's place, and the place they would have without their boost. */
export interface PlaceWithBoost extends Place {
  /** Where the person would stand had no referral moved them (equal to `place` without one). */
  placeWithoutBoost: number;
}

/**
 * A waiting person's place and what their credited referrals gained them: their place now and
 * the place at their ticket alone (two bucket look-ups, never a count over the line). Undefined
 * when the person does not wait.
 */
export async function placeWithBoost(
  db: Executor,
  id: string,
): Promise<PlaceWithBoost | undefined> {
  const me = await db
    .selectFrom('signups')
    .select(['line_key', 'ticket', 'boost'])
    .where('id', '=', id)
    .executeTakeFirst();
  return me ? placeWithBoostOf(db, me) : undefined;
}

/** A person's spot in the line as their signup row has it (`line_key` null: not waiting). */
export interface LineSpot {
  line_key: number | string | null;
  ticket: number | string | null;
  boost: number | string;
}

/** `placeWithBoost` for a row already read (the person's page reads it with the rest of them). */
export async function placeWithBoostOf(
  db: Executor,
  spot: LineSpot,
): Promise<PlaceWithBoost | undefined> {
  if (spot.line_key === null || spot.ticket === null) return undefined;
  const key = Number(spot.line_key);
  const ticket = Number(spot.ticket);
  const now = await placeAt(db, key, ticket);
  if (Number(spot.boost) <= 0) return { ...now, placeWithoutBoost: now.place };
  // At their own ticket the person, still waiting at the key in front, would count themselves.
  const without = await placeAt(db, ticket, ticket);
  return { ...now, placeWithoutBoost: Math.max(now.place, without.place - 1) };
}

/**
 * Folds PostgreSQL's bucket changes into the buckets in one statement (see the signup tally's
 * fold): one instance at a time. Returns how many change rows it folded; 0 on SQLite.
 */
export async function foldLineBuckets(db: Kysely<Database>): Promise<number> {
  if (!isPostgres(db)) return 0;
  return db.transaction().execute(async (trx) => {
    const { rows: lock } = await sql<{ locked: boolean }>`
      select pg_try_advisory_xact_lock(hashtext(current_schema() || '.line_buckets')) as locked`.execute(
      trx,
    );
    if (!lock[0]?.locked) return 0;
    const { rows } = await sql<{ folded: string | number }>`
      with moved as (
        delete from line_bucket_changes returning bucket, change
      ), summed as (
        select bucket, sum(change) as change, count(*) as folded from moved group by bucket
      ), added as (
        insert into line_buckets (bucket, people)
        select bucket, change from summed order by bucket
        on conflict (bucket) do update set people = line_buckets.people + excluded.people
      )
      select coalesce(sum(folded), 0) as folded from summed`.execute(trx);
    return Number(rows[0]?.folded ?? 0);
  });
}

/** How often each instance folds the line's bucket changes (PostgreSQL). */
export const LINE_FOLD_MS = 2_000;

/** Folds the bucket changes every `everyMs` on PostgreSQL while the app runs. */
export function foldLineBucketsWhileRunning(app: FastifyInstance, everyMs = LINE_FOLD_MS) {
  const { db } = app.database;
  if (!isPostgres(db)) return;
  everyWhileRunning(app, everyMs, 'line bucket fold failed', () => foldLineBuckets(db));
}
