import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../column-types.ts';

const STATE_COLUMNS = sql.raw('program, source, created_at, confirmed_at');

/**
 * PostgreSQL: one index keyed by address on `signups` instead of two (issue 23, decision 0037).
 * The address's unique constraint (0001) and 0017's covering `signups_email_state_idx` were both
 * keyed by the address, a random key, so every new signup wrote an entry at a random place of
 * each. The covering index is now the unique one: `unique (email) include (program, source,
 * created_at, confirmed_at)`. It keeps every address once, and `on conflict (email)` finds it as
 * it found the constraint, since a unique index's included columns are not part of its key. It
 * answers every question either one answered.
 *
 * Measured with PostgreSQL's own CPU time a signup (`bench/postgres-batch-cost.ts`, batches of
 * 25, addresses in random order): 97-102 µs before, 93-97 µs after.
 *
 * SQLite has no included columns: its unique index must be on the address alone, so it keeps
 * both (0017's reason for the covering index holds there too).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create unique index signups_email_state_key on signups (email)
    include (${STATE_COLUMNS})`.execute(db);
  await sql`alter table signups drop constraint signups_email_key`.execute(db);
  await sql`drop index signups_email_state_idx`.execute(db);
  await sql`alter index signups_email_state_key rename to signups_email_state_idx`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`alter table signups add constraint signups_email_key unique (email)`.execute(db);
  await sql`create index signups_email_state_plain on signups (email)
    include (${STATE_COLUMNS})`.execute(db);
  await sql`drop index signups_email_state_idx`.execute(db);
  await sql`alter index signups_email_state_plain rename to signups_email_state_idx`.execute(db);
}
