import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { collectPersonalData } from '../../features/privacy/personal-data-repository.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { migrationsBefore, migrationTestDatabase } from '../../test/migration-steps.ts';
import { migrations } from '../migrate.ts';
import { CUT_OFF_MESSAGE } from './0020-retire-send-log.ts';

const kinds = await testDatabaseKinds();

/** The schema as it was while older versions' send log was still held. */
const before = migrationsBefore('0020-retire-send-log');

const AT = '2025-09-01T09:00:00.000Z';
const PERSON = 'older@example.com';
const ADMIN = 'admin@example.com';

const logged = (id: string, status: string, error: string | null = null) => ({
  id,
  to_address: PERSON,
  template: 'early-access',
  status,
  message_id: `<${id}@reelscore.app>`,
  smtp_response: status === 'sent' ? '250 OK' : null,
  error,
  attempts: status === 'refused' ? 0 : 2,
  requested_by: ADMIN,
  created_at: AT,
});

describe.each(kinds)('migration 0020-retire-send-log on $name', (kind) => {
  it('moves every row of the send log into the outbox as finished mail and drops the table', async () => {
    const { handle, schema, migrator, close } = await migrationTestDatabase(kind);
    try {
      expect((await migrator(before).migrateToLatest()).error).toBeUndefined();
      await sql`insert into email_send_log (id, to_address, template, status, message_id, smtp_response, error, attempts, requested_by, created_at) values ${sql.join(
        [
          logged('log-1-sent', 'sent'),
          logged('log-2-failed', 'failed', 'The mail server refused the address.'),
          logged('log-3-pending', 'pending'),
          logged('log-4-refused', 'refused'),
        ].map(
          (row) =>
            sql`(${sql.join(Object.values(row).map((value) => (value === AT && schema ? sql`${value}::timestamptz` : sql`${value}`)))})`,
        ),
      )}`.execute(handle.db);

      expect((await migrator(migrations).migrateToLatest()).error).toBeUndefined();

      const rows = await handle.db
        .selectFrom('mail_outbox')
        .select([
          'id',
          'status',
          'attempts',
          'message_id',
          'last_error',
          'failure_message',
          'smtp_response',
          'requested_by',
          'params',
        ])
        .orderBy('id')
        .execute();
      const common = { requested_by: ADMIN, params: '{}' };
      expect(rows).toEqual([
        {
          ...common,
          id: 'log-1-sent',
          status: 'sent',
          attempts: 2,
          message_id: '<log-1-sent@reelscore.app>',
          last_error: null,
          failure_message: null,
          smtp_response: '250 OK',
        },
        {
          ...common,
          id: 'log-2-failed',
          status: 'dead',
          attempts: 2,
          message_id: '<log-2-failed@reelscore.app>',
          last_error: 'The mail server refused the address.',
          failure_message: 'The mail server refused the address.',
          smtp_response: null,
        },
        {
          ...common,
          id: 'log-3-pending',
          status: 'dead',
          attempts: 2,
          message_id: '<log-3-pending@reelscore.app>',
          last_error: null,
          failure_message: CUT_OFF_MESSAGE,
          smtp_response: null,
        },
        {
          ...common,
          id: 'log-4-refused',
          status: 'suppressed',
          attempts: 0,
          message_id: '<log-4-refused@reelscore.app>',
          last_error: null,
          failure_message: null,
          smtp_response: null,
        },
      ]);
      // Finished, so no worker ever leases them.
      const unfinished = await handle.db
        .selectFrom('mail_outbox')
        .select('id')
        .where((eb) =>
          eb.or([eb('finished_at', 'is', null), eb('status', 'in', ['queued', 'sending'])]),
        )
        .execute();
      expect(unfinished).toEqual([]);

      // A person's copy of their data still lists every mail.
      const data = await collectPersonalData(handle.db, PERSON);
      expect(data.mails.map((mail) => mail.status)).toEqual([
        'sent',
        'failed',
        'failed',
        'not sent',
      ]);
      expect(data.mails.every((mail) => mail.queuedAt === AT && mail.finishedAt === AT)).toBe(true);

      const tables = await handle.db.introspection.getTables();
      expect(tables.map((table) => table.name)).toContain('mail_outbox');
      expect(tables.map((table) => table.name)).not.toContain('email_send_log');
    } finally {
      await close();
    }
  });
});
