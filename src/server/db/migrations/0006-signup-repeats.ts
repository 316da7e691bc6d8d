import type { Kysely } from 'kysely';
import { timestampType } from '../column-types.ts';

/**
 * A repeated signup is recorded on the address's row: when it last used a form and how many
 * times in all. Writing on every signup, new or known, also makes both take the same work, so
 * the time of the answer does not tell whether an address was on the list.
 *
 * `last_signup_at` stays nullable: SQLite cannot add a NOT NULL column without a constant
 * default, and an instance of the previous version still running during a rolling start inserts
 * rows without it. Readers take `created_at` where it is null.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite adds a single column per ALTER TABLE.
  await db.schema.alterTable('signups').addColumn('last_signup_at', timestampType(db)).execute();
  await db.schema
    .alterTable('signups')
    .addColumn('signup_count', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();
  await db
    .updateTable('signups')
    .set((eb) => ({ last_signup_at: eb.ref('created_at') }))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('signups').dropColumn('signup_count').execute();
  await db.schema.alterTable('signups').dropColumn('last_signup_at').execute();
}
