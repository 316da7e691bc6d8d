import type { Kysely } from 'kysely';
import { isPostgres, timestampType } from '../column-types.ts';

/**
 * The "you moved up" mail (at most one a week, decision 0040): each person may turn it off on
 * their page (`moved_mail_off`, 1: off; 0, the default: on), and the weekly mail remembers when
 * it last went to the person (`moved_mail_at`) and the place it said (`moved_mail_place`), so the
 * next one goes only when the person has moved up since.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const big = isPostgres(db) ? 'bigint' : 'integer';
  await db.schema
    .alterTable('signups')
    .addColumn('moved_mail_off', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('signups').addColumn('moved_mail_at', timestampType(db)).execute();
  await db.schema.alterTable('signups').addColumn('moved_mail_place', big).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('signups').dropColumn('moved_mail_place').execute();
  await db.schema.alterTable('signups').dropColumn('moved_mail_at').execute();
  await db.schema.alterTable('signups').dropColumn('moved_mail_off').execute();
}
