import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { sentInvitation } from '../../platform/mail/outbox-repository.ts';
import { INVITATION_TEMPLATE_ID } from '../../platform/mail/templates/template-ids.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { migrationsThrough, migrationTestDatabase } from '../../test/migration-steps.ts';

const kinds = await testDatabaseKinds();
const through = migrationsThrough('0027-postgres-intake-indexes');
const INDEX = 'mail_outbox_template_status_to_idx';
const ADDRESS_INDEXES = ['signups_program_email_idx', 'signups_source_email_idx'];

describe.each(kinds)('migration 0027-postgres-intake-indexes on $name', (kind) => {
  it('drops the programme and form address indexes and keeps only invitations in the outbox index by template on PostgreSQL, as on SQLite, and undoes it', async () => {
    const {
      handle,
      schema,
      migrator,
      indexes: indexesOf,
      close,
    } = await migrationTestDatabase(kind);
    const db = handle.db;
    const addressIndexes = async () =>
      (await indexesOf('signups')).filter((name) => ADDRESS_INDEXES.includes(name)).sort();
    const definition = async () =>
      schema
        ? (
            await sql<{ sql: string }>`select indexdef as sql from pg_indexes
              where schemaname = ${schema} and indexname = ${INDEX}`.execute(db)
          ).rows[0]?.sql
        : (
            await sql<{ sql: string }>`select sql from sqlite_master
              where name = ${INDEX}`.execute(db)
          ).rows[0]?.sql;
    try {
      const previous = migrator(migrationsThrough('0026-signup-batch-call'));
      expect((await previous.migrateToLatest()).error).toBeUndefined();
      const before = await definition();
      expect(await addressIndexes()).toEqual(schema ? ADDRESS_INDEXES : []);
      expect((await migrator(through).migrateToLatest()).error).toBeUndefined();
      expect(await addressIndexes()).toEqual([]);
      const after = await definition();
      // Both databases now keep invitations only (SQLite since 0024, which this leaves alone).
      expect(after).toMatch(
        new RegExp(`WHERE \\(?"?template"?\\)? = '${INVITATION_TEMPLATE_ID}'`, 'i'),
      );
      if (schema) {
        expect(before).not.toContain('WHERE');
        await db.transaction().execute(async (trx) => {
          await sql`set local enable_seqscan = off`.execute(trx);
          const plan = await sql<{ 'QUERY PLAN': string }>`explain
            select count(distinct to_address) from mail_outbox
            where ${sentInvitation('mail_outbox')}`.execute(trx);
          expect(plan.rows.map((row) => row['QUERY PLAN']).join(' ')).toContain(INDEX);
        });
      } else {
        expect(after).toBe(before);
      }
      expect((await migrator(through).migrateDown()).error).toBeUndefined();
      expect(await definition()).toBe(before);
      expect(await addressIndexes()).toEqual(schema ? ADDRESS_INDEXES : []);
    } finally {
      await close();
    }
  });
});
