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
import * as mailOutbox from './0007-mail-outbox.ts';
import * as signupConfirmation from './0008-signup-confirmation.ts';

const kinds = await testDatabaseKinds();

/** The schema as it was before signups could be confirmed. */
const before: Record<string, Migration> = {
  '0001-signups': signups,
  '0002-admin': admin,
  '0003-admin-search': adminSearch,
  '0004-oidc-provider-state': oidcProviderState,
  '0005-email': email,
  '0006-signup-repeats': signupRepeats,
  '0007-mail-outbox': mailOutbox,
};

describe.each(kinds)('migration 0008-signup-confirmation on $name', (kind) => {
  it('leaves existing signups unconfirmed, stores a confirmation time, and undoes cleanly', async () => {
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

      // Up to this migration only: later ones may change the table again.
      const withThis = { ...before, '0008-signup-confirmation': signupConfirmation };
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
      await handle.close();
      await database.drop();
    }
  });
});
