import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../schema.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import {
  migrationsBefore,
  migrationsThrough,
  migrationTestDatabase,
} from '../../test/migration-steps.ts';

const kinds = await testDatabaseKinds();
const before = migrationsBefore('0023-referral-counts');
const through = migrationsThrough('0023-referral-counts');

async function counts(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('signups')
    .select(['id', 'referrals_credited'])
    .orderBy('id')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.id, Number(row.referrals_credited)]));
}

describe.each(kinds)('migration 0023-referral-counts on $name', (kind) => {
  it('counts existing credited referrals, then keeps the count whoever writes', async () => {
    const { handle, schema, migrator, close } = await migrationTestDatabase(kind);
    const db = handle.db;
    const at = schema ? sql`now()` : sql`'2026-01-01T00:00:00.000Z'`;
    const person = (id: string) => sql`insert into signups
      (id, email, program, source, created_at, last_signup_at, signup_count)
      values (${id}, ${`${id}@example.com`}, 'CLOSED_ALPHA', 'general', ${at}, ${at}, 1)`;
    const referral = (id: string, owner: string, friend: string, status: string) =>
      sql`insert into referrals (id, owner_id, friend_id, status, created_at)
        values (${id}, ${owner}, ${friend}, ${status}, ${at})`;
    try {
      expect((await migrator(before).migrateToLatest()).error).toBeUndefined();
      for (const id of ['a', 'b', 'f1', 'f2', 'f3', 'f4', 'f5', 'f6']) await person(id).execute(db);
      await referral('r1', 'a', 'f1', 'credited').execute(db);
      await referral('r2', 'a', 'f2', 'credited').execute(db);
      await referral('r3', 'a', 'f3', 'held').execute(db);
      await referral('r4', 'b', 'f4', 'pending').execute(db);

      expect((await migrator(through).migrateToLatest()).error).toBeUndefined();
      expect(await counts(db)).toMatchObject({ a: 2, b: 0, f1: 0 });

      // Credited when inserted, when a pending one is credited, when a held one is approved.
      await referral('r5', 'b', 'f5', 'credited').execute(db);
      await sql`update referrals set status = 'credited' where id in ('r3', 'r4')`.execute(db);
      expect(await counts(db)).toMatchObject({ a: 3, b: 2 });
      // A credit taken back, a referral deleted with its friend, a change that is no change.
      await sql`update referrals set status = 'rejected' where id = 'r1'`.execute(db);
      await sql`delete from signups where id = 'f4'`.execute(db);
      await sql`update referrals set status = 'credited' where id = 'r2'`.execute(db);
      await referral('r6', 'b', 'f6', 'held').execute(db);
      expect(await counts(db)).toMatchObject({ a: 2, b: 1 });
      // What the triggers keep is what the referrals say.
      const truth = await db
        .selectFrom('referrals')
        .select(['owner_id', sql<number>`count(*)`.as('n')])
        .where('status', '=', 'credited')
        .groupBy('owner_id')
        .execute();
      expect(Object.fromEntries(truth.map((row) => [row.owner_id, Number(row.n)]))).toEqual({
        a: 2,
        b: 1,
      });

      // Undone and done again.
      expect((await migrator(through).migrateDown()).error).toBeUndefined();
      expect((await migrator(through).migrateToLatest()).error).toBeUndefined();
      expect(await counts(db)).toMatchObject({ a: 2, b: 1 });
    } finally {
      await close();
    }
  });
});
