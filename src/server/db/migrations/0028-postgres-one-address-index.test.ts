import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { insertSignups } from '../../features/waitlist/signup-repository.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { migrationsThrough, migrationTestDatabase } from '../../test/migration-steps.ts';

const kinds = await testDatabaseKinds();
const through = migrationsThrough('0028-postgres-one-address-index');

describe.each(kinds)('migration 0028-postgres-one-address-index on $name', (kind) => {
  it('keys one index of signups by address on PostgreSQL, unique and covering, still the upsert target, and undoes it', async () => {
    const { handle, schema, migrator, close } = await migrationTestDatabase(kind);
    const db = handle.db;
    /** Each index of `signups` with its definition, by name (without the schema's name). */
    const definitions = async () => {
      const { rows } = schema
        ? await sql<{ name: string; definition: string }>`select indexname as name,
            replace(indexdef, ${`${schema}.`}, '') as definition
            from pg_indexes where schemaname = ${schema} and tablename = 'signups'`.execute(db)
        : await sql<{ name: string; definition: string | null }>`select name, sql as definition
            from sqlite_master where type = 'index' and tbl_name = 'signups'`.execute(db);
      return Object.fromEntries(rows.map((row) => [row.name, row.definition]));
    };
    /** PostgreSQL: the b-tree indexes of `signups` whose key begins with the address. */
    const addressKeyed = (all: Record<string, string | null>) =>
      Object.keys(all)
        .filter((name) => /USING btree \(email[,)]/.test(all[name] ?? ''))
        .sort();
    try {
      expect(
        (await migrator(migrationsThrough('0027-postgres-intake-indexes')).migrateToLatest()).error,
      ).toBeUndefined();
      const before = await definitions();
      expect((await migrator(through).migrateToLatest()).error).toBeUndefined();
      const after = await definitions();
      if (schema) {
        expect(addressKeyed(before)).toEqual(['signups_email_key', 'signups_email_state_idx']);
        expect(addressKeyed(after)).toEqual(['signups_email_state_idx']);
        expect(after.signups_email_state_idx).toBe(
          'CREATE UNIQUE INDEX signups_email_state_idx ON signups USING btree (email) ' +
            'INCLUDE (program, source, created_at, confirmed_at)',
        );
        const { rows: constraints } = await sql<{ name: string }>`select conname as name
          from pg_constraint c join pg_namespace n on n.oid = c.connamespace
          where n.nspname = ${schema} and conname = 'signups_email_key'`.execute(db);
        expect(constraints).toEqual([]);
      } else {
        expect(after).toEqual(before);
      }

      // The address is kept once: a repeat is counted on its row (the upsert's target), a plain
      // second row is refused.
      const now = new Date('2026-11-29T12:00:00.000Z');
      const signup = { email: 'once@example.com', program: 'CLOSED_ALPHA', source: 'general' };
      for (const confirmation of ['mail', 'at-once'] as const) {
        const outcomes = await insertSignups(db, [signup, signup], now, confirmation);
        expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
      }
      const rows = await db
        .selectFrom('signups')
        .select(['id', 'signup_count'])
        .where('email', '=', signup.email)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.signup_count).toBe(4);
      await expect(
        db
          .insertInto('signups')
          .values({
            id: 'a-second-row',
            email: signup.email,
            program: 'BETA',
            source: 'general',
            created_at: now.toISOString(),
            last_signup_at: now.toISOString(),
          })
          .execute(),
      ).rejects.toThrow(/unique/i);

      await db.deleteFrom('signups').execute();
      expect((await migrator(through).migrateDown()).error).toBeUndefined();
      expect(await definitions()).toEqual(before);
    } finally {
      await close();
    }
  });
});
