import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test/databases.ts';
import {
  migrationsBefore,
  migrationsThrough,
  migrationTestDatabase,
} from '../../test/migration-steps.ts';
import { toDate } from '../schema.ts';

const kinds = await testDatabaseKinds();

/** The schema as it was before signup repeats were recorded. */
const before = migrationsBefore('0006-signup-repeats');
/** Up to this migration only: later ones would make the migrator refuse to go down. */
const withThis = migrationsThrough('0006-signup-repeats');

describe.each(kinds)('migration 0006-signup-repeats on $name', (kind) => {
  it('gives existing signups one signup, the latest at their first, and undoes cleanly', async () => {
    const { handle, migrator, close } = await migrationTestDatabase(kind);
    try {
      expect((await migrator(before).migrateToLatest()).error).toBeUndefined();
      const createdAt = new Date(Date.UTC(2024, 5, 1, 8, 30));
      await handle.db
        .insertInto('signups')
        .values({
          id: 'old-row',
          email: 'early@example.com',
          program: 'CLOSED_ALPHA',
          source: 'general',
          created_at: createdAt.toISOString(),
        })
        .execute();

      expect((await migrator(withThis).migrateToLatest()).error).toBeUndefined();

      const row = await handle.db
        .selectFrom('signups')
        .selectAll()
        .where('id', '=', 'old-row')
        .executeTakeFirstOrThrow();
      expect(row.signup_count).toBe(1);
      expect(toDate(row.last_signup_at!)).toEqual(createdAt);

      const down = await migrator(withThis).migrateDown();
      expect(down.error).toBeUndefined();
      const [restored] = await handle.db.selectFrom('signups').selectAll().execute();
      expect(Object.keys(restored!).sort()).toEqual([
        'created_at',
        'email',
        'id',
        'program',
        'source',
      ]);
    } finally {
      await close();
    }
  });
});
