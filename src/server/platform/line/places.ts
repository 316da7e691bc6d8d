import { sql, type Kysely, type Transaction } from 'kysely';
import { isPostgres } from '../../db/column-types.ts';
import { LINE_BUCKET_SIZE, LINE_KEY_OFFSET } from '../../db/migrations/0021-place-in-line.ts';
import type { Database } from '../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** A waiting person's spot in the line: their key and ticket (decision 0040). */
export interface Spot {
  key: number;
  ticket: number;
}

/**
 * The places of several waiting people at once (a page of a list), by the line's bucket method
 * (line.ts `placeInLine`) rather than a count over the line per row: the bucket counts are read
 * once and summed in order, and each person's own bucket is counted up to them (at most about a
 * bucket's width of index entries each), all in two statements.
 */
export async function placesOf(db: Executor, spots: readonly Spot[]): Promise<number[]> {
  if (spots.length === 0) return [];
  const changes = isPostgres(db)
    ? sql`union all select bucket, change as people from line_bucket_changes`
    : sql``;
  const { rows: buckets } = await sql<{ bucket: string | number; people: string | number }>`
    select bucket, sum(people) as people
    from (select bucket, people from line_buckets ${changes}) as b
    group by bucket order by bucket`.execute(db);
  const bucketOf = (key: number) => Math.floor((key + LINE_KEY_OFFSET) / LINE_BUCKET_SIZE);
  const aheadOf = new Map<number, number>();
  // SQLite joins at most 500 selects in one compound statement.
  for (let from = 0; from < spots.length; from += PLACES_PER_STATEMENT) {
    const part = spots.slice(from, from + PLACES_PER_STATEMENT);
    for (const [index, ahead] of await aheadInBucket(db, part, bucketOf))
      aheadOf.set(from + index, ahead);
  }
  return spots.map((spot, index) => {
    const bucket = bucketOf(spot.key);
    let before = 0;
    for (const row of buckets) {
      if (Number(row.bucket) >= bucket) break;
      before += Number(row.people);
    }
    return before + (aheadOf.get(index) ?? 0) + 1;
  });
}

const PLACES_PER_STATEMENT = 200;

/** For each spot, the people ahead of it within its own bucket, by the spot's index. */
async function aheadInBucket(
  db: Executor,
  spots: readonly Spot[],
  bucketOf: (key: number) => number,
): Promise<Map<number, number>> {
  const inside = sql.join(
    spots.map((spot, index) => {
      const start = bucketOf(spot.key) * LINE_BUCKET_SIZE - LINE_KEY_OFFSET;
      return sql`select ${index} as spot, (select count(*) from signups s
        where s.line_key >= ${start}
          and (s.line_key < ${spot.key} or (s.line_key = ${spot.key} and s.ticket > ${spot.ticket}))
        ) as ahead`;
    }),
    sql` union all `,
  );
  const { rows: ahead } = await sql<{
    spot: string | number;
    ahead: string | number;
  }>`${inside}`.execute(db);
  return new Map(ahead.map((row) => [Number(row.spot), Number(row.ahead)]));
}
