import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { TestDatabaseKind } from './databases.ts';

/** A test database at the latest migration, open; `close()` closes and removes it. */
export interface MigratedTestDatabase {
  handle: DatabaseHandle;
  close(): Promise<void>;
}

/** Creates a database of `kind`, opens it and brings it to the latest migration. */
export async function migratedTestDatabase(kind: TestDatabaseKind): Promise<MigratedTestDatabase> {
  const database = await kind.create();
  const handle = openDatabase(database.config);
  // The test's own schema named: without it the migrator, finding its tables by name in any
  // schema, can take another test's for its own.
  await migrateToLatest(
    handle.db,
    database.config.kind === 'postgres' ? database.config.schema : undefined,
  );
  return {
    handle,
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}
