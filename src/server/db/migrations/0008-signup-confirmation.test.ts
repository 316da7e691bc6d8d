import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test/databases.ts';
import {
  migrationsBefore,
  migrationsThrough,
  migrationTestDatabase,
} from '../../test/migration-steps.ts';
import { toDate } from '../schema.ts';

const kinds = await testDatabaseKinds();

/** The schema as it was before signups could be confirmed. */
const before = migrationsBefore('0008-signup-confirmation');
/** Up to this migration only: later ones may change the table again. */
const withThis = migrationsThrough('0008-signup-confirmation');

describe.each(kinds)('migration 0008-signup-confirmation on $name', (kind) => {
  it('leaves existing signups unconfirmed, stores a confirmation time, and undoes cleanly', async () => {
    const { handle, migrator, close } = await migrationTestDatabase(kind);
    try {
      expect((await migrator(before).migrateToLatest()).error).toBeUndefined();
      const createdAt = new Date(Date.UTC(2025, 8, 1, 9, 0));
      await handle.db
        .insertInto('signups')
        .values({
          id: 'old-row',
          email: 'early@example.com',
          program: 'CLOSED_ALPHA',
          source: 'general',
          created_at: createdAt.toISOString(),
          last_signup_at: createdAt.toISOString(),
        })
        .execute();

      expect((await migrator(withThis).migrateToLatest()).error).toBeUndefined();

      const read = () =>
        handle.db
          .selectFrom('signups')
          .selectAll()
          .where('id', '=', 'old-row')
          .executeTakeFirstOrThrow();
      expect((await read()).confirmed_at).toBeNull();
      const confirmedAt = new Date(Date.UTC(2025, 8, 2, 10, 30, 15, 250));
      await handle.db
        .updateTable('signups')
        .set({ confirmed_at: confirmedAt.toISOString() })
        .where('id', '=', 'old-row')
        .execute();
      expect(toDate((await read()).confirmed_at!)).toEqual(confirmedAt);

      const down = await migrator(withThis).migrateDown();
      expect(down.error).toBeUndefined();
      expect(Object.keys(await read()).sort()).toEqual([
        'created_at',
        'email',
        'id',
        'last_signup_at',
        'program',
        'signup_count',
        'source',
      ]);
    } finally {
      await close();
    }
  });
});
