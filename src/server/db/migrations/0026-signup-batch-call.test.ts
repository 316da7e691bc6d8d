import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test/databases.ts';
import { migrationsThrough, migrationTestDatabase } from '../../test/migration-steps.ts';

const kinds = await testDatabaseKinds();
const through = migrationsThrough('0026-signup-batch-call');

describe.each(kinds)('migration 0026-signup-batch-call on $name', (kind) => {
  it('adds the one-call signup batch on PostgreSQL only, and undoes it', async () => {
    const { handle, schema, migrator, close } = await migrationTestDatabase(kind);
    const db = handle.db;
    const functions = async () =>
      schema
        ? (
            await sql<{ name: string }>`select p.proname as name from pg_proc p
              join pg_namespace n on n.oid = p.pronamespace
              where n.nspname = ${schema} and p.proname in ('signup_batch', 'uuid_v7_at')
              order by 1`.execute(db)
          ).rows.map((row) => row.name)
        : [];
    try {
      expect((await migrator(through).migrateToLatest()).error).toBeUndefined();
      expect(await functions()).toEqual(schema ? ['signup_batch', 'uuid_v7_at'] : []);
      if (schema) {
        // A version 7 UUID of the given millisecond, random in the rest.
        const ms = Date.UTC(2026, 10, 29, 1, 2, 3, 456);
        const { rows } = await sql<{ id: string }>`select uuid_v7_at(${ms}::bigint) as id
          from generate_series(1, 50)`.execute(db);
        const prefix = ms.toString(16).padStart(12, '0');
        for (const { id } of rows) {
          expect(id).toMatch(
            /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
          );
          expect(id.replaceAll('-', '').slice(0, 12)).toBe(prefix);
        }
        expect(new Set(rows.map((row) => row.id)).size).toBe(50);
      }
      expect((await migrator(through).migrateDown()).error).toBeUndefined();
      expect(await functions()).toEqual([]);
    } finally {
      await close();
    }
  });
});
