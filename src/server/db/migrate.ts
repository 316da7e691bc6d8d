import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationResultSet } from 'kysely/migration';
import * as signups from './migrations/0001-signups.ts';
import * as admin from './migrations/0002-admin.ts';

/** Every migration, in order. Listed explicitly so no directory scan is needed at start. */
const migrations: Record<string, Migration> = {
  '0001-signups': signups,
  '0002-admin': admin,
};

/**
 * Brings the schema up to date. Kysely takes a lock (an advisory lock on PostgreSQL), so several
 * instances starting at once apply each migration exactly once.
 */
// Migrations work on the schema as it was then, not on today's row types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  const result = await migrator.migrateToLatest();
  if (result.error) {
    throw result.error instanceof Error
      ? result.error
      : new Error('Database migration failed', { cause: result.error });
  }
  return result;
}
