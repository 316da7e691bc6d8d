import { describe, expect, it } from 'vitest';
import type { SignupRecord } from '../../../contract/admin.ts';
import type { WavePreviewResponse } from '../../../contract/waves.ts';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../test/test-config.ts';
import { adminHeaders } from '../../test/admin-session.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { migrationsBefore, migrationTestDatabase } from '../../test/migration-steps.ts';
import { migrations } from '../migrate.ts';

const kinds = await testDatabaseKinds();

/** The schema as it was before addresses stored earlier were checked. */
const before = migrationsBefore('0019-address-problems');

const AT = '2025-09-01T09:00:00.000Z';
/** Stored by an older version, which took the spec's shape alone. */
const NOT_ONE = [
  'x1@evil.test,victim@target.test',
  'nm<bomb@victim.test>',
  'ceo\u200b@example.com',
  'support@\u202eoc.lapyap',
  // Past the first page of the migration's reading (addresses are read in order, 5,000 a page).
  'zz"a,b"@example.com',
];
const ADMIN = 'admin@example.com';

describe.each(kinds)('migration 0019-address-problems on $name', (kind) => {
  it('marks stored text that is not one mailbox, stops its mail, and waves pass it over', async () => {
    const { config, handle, migrator, close } = await migrationTestDatabase(kind);
    let app: Awaited<ReturnType<typeof buildApp>> | undefined;
    try {
      expect((await migrator(before).migrateToLatest()).error).toBeUndefined();
      const fine = Array.from({ length: 5_100 }, (_, index) => `p${index}@example.com`);
      const signup = (email: string, index: number) => ({
        id: `row-${String(index).padStart(6, '0')}`,
        email,
        program: 'CLOSED_ALPHA',
        source: 'general',
        created_at: AT,
        last_signup_at: AT,
        confirmed_at: AT,
      });
      const rows = [...NOT_ONE, ...fine].map(signup);
      for (let start = 0; start < rows.length; start += 500) {
        await handle.db
          .insertInto('signups')
          .values(rows.slice(start, start + 500))
          .execute();
      }
      await handle.db
        .insertInto('whitelist')
        .values({ email: 'list@a.test;b@c.test', added_at: AT, added_by: ADMIN })
        .execute();
      const outbox = (id: string, to: string) => ({
        id,
        to_address: to,
        template: 'waitlist-confirmation',
        message_id: null,
        params: '{}',
        status: 'queued' as const,
        max_rounds: 6,
        next_attempt_at: AT,
        lease_until: null,
        leased_by: null,
        last_error: null,
        failure_message: null,
        smtp_response: null,
        requested_by: 'signup',
        dedupe_key: null,
        created_at: AT,
        finished_at: null,
      });
      await handle.db
        .insertInto('mail_outbox')
        .values([outbox('mail-bad', NOT_ONE[0]!), outbox('mail-fine', 'p1@example.com')])
        .execute();

      expect((await migrator(migrations).migrateToLatest()).error).toBeUndefined();

      const marked = await handle.db.selectFrom('address_problems').selectAll().execute();
      expect(marked.map((row) => row.email).sort()).toEqual(
        [...NOT_ONE, 'list@a.test;b@c.test'].sort(),
      );
      expect(new Set(marked.map((row) => row.reason))).toEqual(new Set(['not-one-mailbox']));
      const mail = await handle.db
        .selectFrom('mail_outbox')
        .select(['id', 'status', 'last_error'])
        .orderBy('id')
        .execute();
      expect(mail).toEqual([
        { id: 'mail-bad', status: 'dead', last_error: 'not one mailbox' },
        { id: 'mail-fine', status: 'queued', last_error: null },
      ]);
      // Kept for the admin to see.
      expect(
        await handle.db
          .selectFrom('signups')
          .select('email')
          .where('email', 'in', NOT_ONE)
          .execute(),
      ).toHaveLength(NOT_ONE.length);

      app = await buildApp(
        testConfig({
          database: config,
          webRoot: '/nonexistent',
          adminEmails: new Set([ADMIN]),
        }),
      );
      const { headers } = await adminHeaders(app, ADMIN);
      const list = await app.inject({
        method: 'GET',
        url: `/api/admin/signups?search=${encodeURIComponent('x1@evil')}`,
        headers,
      });
      expect(list.statusCode).toBe(200);
      expect(list.json<{ signups: SignupRecord[] }>().signups).toEqual([
        expect.objectContaining({ email: NOT_ONE[0], notOneMailbox: true }),
      ]);
      const plain = await app.inject({
        method: 'GET',
        url: '/api/admin/signups?search=p1%40example.com',
        headers,
      });
      expect(plain.json<{ signups: SignupRecord[] }>().signups[0]).not.toHaveProperty(
        'notOneMailbox',
      );
      // Every marked signup is confirmed and not whitelisted: a wave of everyone skips them all.
      const preview = await app.inject({
        method: 'POST',
        url: '/api/admin/waves/preview',
        headers,
        payload: { kind: 'invite', count: 10_000 },
      });
      expect(preview.statusCode).toBe(200);
      expect(preview.json<WavePreviewResponse>().count).toBe(fine.length);
    } finally {
      await app?.close();
      await close();
    }
  });
});
