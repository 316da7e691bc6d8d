import { Migrator, type Migration } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test/databases.ts';
import { openDatabase } from '../database.ts';
import { toDate } from '../schema.ts';
import * as signups from './0001-signups.ts';
import * as admin from './0002-admin.ts';
import * as adminSearch from './0003-admin-search.ts';
import * as oidcProviderState from './0004-oidc-provider-state.ts';
import * as email from './0005-email.ts';
import * as signupRepeats from './0006-signup-repeats.ts';

const kinds = await testDatabaseKinds();

/** The schema as it was before signup repeats were recorded. */
const before: Record<string, Migration> = {
  '0001-signups': signups,
  '0002-admin': admin,
  '0003-admin-search': adminSearch,
  '0004-oidc-provider-state': oidcProviderState,
  '0005-email': email,
};

describe.each(kinds)('migration 0006-signup-repeats on $name', (kind) => {
  it('gives existing signups one signup, the latest at their first, and undoes cleanly', async () => {
    const database = await kind.create();
    const handle = openDatabase(database.config);
    const schema = database.config.kind === 'postgres' ? database.config.schema : undefined;
    const migrator = (migrations: Record<string, Migration>) =>
      new Migrator({
        db: handle.db,
        provider: { getMigrations: () => Promise.resolve(migrations) },
        ...(schema ? { migrationTableSchema: schema } : {}),
      });
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

      // Up to this migration only: later ones would make the migrator refuse to go down.
      expect(
        (await migrator({ ...before, '0006-signup-repeats': signupRepeats }).migrateToLatest())
          .error,
      ).toBeUndefined();

      const row = await handle.db
        .selectFrom('signups')
        .selectAll()
        .where('id', '=', 'old-row')
        .executeTakeFirstOrThrow();
      expect(row.signup_count).toBe(1);
      expect(toDate(row.last_signup_at!)).toEqual(createdAt);

      const down = await migrator({
        ...before,
        '0006-signup-repeats': signupRepeats,
      }).migrateDown();
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
      await handle.close();
      await database.drop();
    }
  });
});
