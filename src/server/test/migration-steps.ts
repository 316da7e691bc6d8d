import { sql } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import { openDatabase } from '../db/database.ts';
import { migrations } from '../db/migrate.ts';
import type { TestDatabaseKind } from './databases.ts';

type Migrations = Record<string, Migration>;

/** The schema as it was before migration `name`: every migration named before it. */
export function migrationsBefore(name: string): Migrations {
  return Object.fromEntries(Object.entries(migrations).filter(([other]) => other < name));
}

/** Every migration up to `name` and no later one, which could change its tables again. */
export function migrationsThrough(name: string): Migrations {
  return Object.fromEntries(Object.entries(migrations).filter(([other]) => other <= name));
}

/**
 * A new database of `kind` for walking migrations step by step: `migrator(set)` migrates it to
 * the last of `set` or back down (on PostgreSQL its own tables stay in the test's schema), and
 * `close()` closes and drops it.
 */
export async function migrationTestDatabase(kind: TestDatabaseKind) {
  const database = await kind.create();
  const handle = openDatabase(database.config);
  const schema = database.config.kind === 'postgres' ? database.config.schema : undefined;
  return {
    config: database.config,
    handle,
    /** The PostgreSQL schema of the test, or undefined on SQLite. */
    schema,
    migrator: (set: Migrations) =>
      new Migrator({
        db: handle.db,
        provider: { getMigrations: () => Promise.resolve(set) },
        ...(schema ? { migrationTableSchema: schema } : {}),
      }),
    /** The names of `table`'s indexes, as the database lists them. */
    indexes: async (table: string): Promise<string[]> => {
      const { rows } = schema
        ? await sql<{ name: string }>`select indexname as name from pg_indexes
            where schemaname = ${schema} and tablename = ${table}`.execute(handle.db)
        : await sql<{ name: string }>`select name from sqlite_master
            where type = 'index' and tbl_name = ${table}`.execute(handle.db);
      return rows.map((row) => row.name);
    },
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}
