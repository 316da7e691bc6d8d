import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_ADMIN_EMAIL } from '../../config.ts';
import { adminHeaders } from '../../test/admin-session.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { SIGNUPS_UNAVAILABLE_MESSAGE } from './signup-list-routes.ts';
import { USERS_UNAVAILABLE_MESSAGE } from './user-list-routes.ts';
import { WHITELIST_UNAVAILABLE_MESSAGE } from '../access/whitelist-routes.ts';
import { minute, signedUp } from '../../test/admin-test-data.ts';

const kinds = await testDatabaseKinds();

/**
 * The session check needs the database too, so instead of closing it these tests take away the
 * one table a call needs, as a failing disk or a broken migration would.
 */
describe.each(kinds)('admin calls when the database fails, on $name', (kind) => {
  let testApp: TestApp;
  let headers: Record<string, string>;
  const db = () => testApp.app.database.db;
  const rename = (from: string, to: string) =>
    sql`alter table ${sql.table(from)} rename to ${sql.table(to)}`.execute(db());
  async function without<T>(table: string, use: () => Promise<T>): Promise<T> {
    await rename(table, `${table}_away`);
    try {
      return await use();
    } finally {
      await rename(`${table}_away`, table);
    }
  }

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    headers = (await adminHeaders(testApp.app, LOCAL_ADMIN_EMAIL)).headers;
    await signedUp(db(), 'viewer@example.com', minute(1));
  });
  afterAll(() => testApp.close());

  it('answers a whitelist change 503 and keeps neither half when the audit write fails', async () => {
    const response = await without('audit_log', () =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/admin/whitelist/add',
        headers,
        payload: { email: 'viewer@example.com' },
      }),
    );

    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: WHITELIST_UNAVAILABLE_MESSAGE });
    expect(await db().selectFrom('whitelist').selectAll().execute()).toEqual([]);
  });

  it('answers a removal 503 and keeps the address when the audit write fails', async () => {
    const add = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/whitelist/add',
      headers,
      payload: { email: 'viewer@example.com' },
    });
    expect(add.statusCode).toBe(200);

    const response = await without('audit_log', () =>
      testApp.app.inject({
        method: 'DELETE',
        url: '/api/admin/whitelist/remove',
        headers,
        payload: { email: 'viewer@example.com' },
      }),
    );

    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: WHITELIST_UNAVAILABLE_MESSAGE });
    const rows = await db().selectFrom('whitelist').select('email').execute();
    expect(rows).toEqual([{ email: 'viewer@example.com' }]);
    expect(await db().selectFrom('audit_log').select('action').execute()).toEqual([
      { action: 'whitelist.add' },
    ]);
  });

  it.each([
    ['/api/admin/signups', SIGNUPS_UNAVAILABLE_MESSAGE],
    ['/api/admin/users', USERS_UNAVAILABLE_MESSAGE],
  ])('answers %s 503 with a clear message', async (url, message) => {
    const response = await without('signups', () => testApp.app.inject({ url, headers }));
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message });
  });
});
