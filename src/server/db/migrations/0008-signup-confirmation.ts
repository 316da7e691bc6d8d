import type { Kysely } from 'kysely';
import { timestampType } from '../column-types.ts';

/**
 * Double opt-in: a signup counts as the person's own once they confirm it from the link in the
 * confirmation mail. `confirmed_at` is when that happened; null until then. Rows written before
 * stay unconfirmed: nobody confirmed them, and a later wave may ask them to.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('signups').addColumn('confirmed_at', timestampType(db)).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('signups').dropColumn('confirmed_at').execute();
}
