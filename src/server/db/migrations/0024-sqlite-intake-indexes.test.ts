import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { sentInvitation } from '../../platform/mail/outbox-repository.ts';
import { INVITATION_TEMPLATE_ID } from '../../platform/mail/templates/template-ids.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { migrationsThrough, migrationTestDatabase } from '../../test/migration-steps.ts';

const kinds = await testDatabaseKinds();
const through = migrationsThrough('0024-sqlite-intake-indexes');
const ADDRESS_INDEXES = ['signups_program_email_idx', 'signups_source_email_idx'];

describe.each(kinds)('migration 0024-sqlite-intake-indexes on $name', (kind) => {
  it('drops the programme and form address indexes and keeps only invitations in the outbox index on SQLite only, and undoes it', async () => {
    const {
      handle,
      schema,
      migrator,
      indexes: indexesOf,
      close,
    } = await migrationTestDatabase(kind);
    const db = handle.db;
    const indexes = async () =>
      (await indexesOf('signups')).filter((name) => ADDRESS_INDEXES.includes(name));
    try {
      expect((await migrator(through).migrateToLatest()).error).toBeUndefined();
      expect(await indexes()).toEqual(schema ? ADDRESS_INDEXES : []);
      if (!schema) {
        // The outbox's index by template keeps invitations only, and the invitation questions
        // (which name the template as a literal) read it.
        const { rows } = await sql<{ sql: string }>`select sql from sqlite_master
          where name = 'mail_outbox_template_status_to_idx'`.execute(db);
        expect(rows[0]?.sql).toContain(`where "template" = '${INVITATION_TEMPLATE_ID}'`);
        const plan = await sql<{ detail: string }>`explain query plan
          select count(distinct to_address) from mail_outbox
          where ${sentInvitation('mail_outbox')}`.execute(db);
        expect(plan.rows.map((row) => row.detail).join(' ')).toContain(
          'mail_outbox_template_status_to_idx',
        );
      }
      expect((await migrator(through).migrateDown()).error).toBeUndefined();
      expect((await indexes()).sort()).toEqual(ADDRESS_INDEXES);
    } finally {
      await close();
    }
  });
});
