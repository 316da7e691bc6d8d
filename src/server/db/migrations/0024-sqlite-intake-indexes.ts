import type { Kysely } from 'kysely';
import { isPostgres } from '../column-types.ts';

/**
 * SQLite: the programme's and the signup form's address indexes of 0016 go (issue 23,
 * decision 0037). An address is a random key: every signup of a batch wrote a leaf page of its
 * own in each index keyed by address, and these two doubled the pages a signup batch writes
 * to the log (a batch of 32 at 80,000 signups: 174 → 132 µs of CPU a signup, with the
 * repository's own insert). What they served, one programme or form ordered by address,
 * SQLite now reads from the programme's (form's) covering index by signup time and sorts the
 * page it keeps (`bench/admin-data.ts`: within the lists' target at 100,000 signups).
 * PostgreSQL keeps them: its lists are measured at a million signups, where that sort is not
 * cheap, and its intake is limited elsewhere.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const column of ['program', 'source'] as const) {
    await db.schema.dropIndex(`signups_${column}_email_idx`).execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) return;
  for (const column of ['program', 'source'] as const) {
    await db.schema
      .createIndex(`signups_${column}_email_idx`)
      .on('signups')
      .columns([column, 'email'])
      .execute();
  }
}
