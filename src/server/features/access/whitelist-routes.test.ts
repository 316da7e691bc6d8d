import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignupsResponse, UsersResponse } from '../../../contract/admin.ts';
import { INVALID_EMAIL_MESSAGE } from '../../../contract/email-rules.ts';
import { LOCAL_ADMIN_EMAIL } from '../../config.ts';
import { adminHeaders } from '../../test/admin-session.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { minute, signedUp } from '../../test/admin-test-data.ts';

const kinds = await testDatabaseKinds();

describe.each(kinds)('the whitelist calls on $name', (kind) => {
  let testApp: TestApp;
  let headers: Record<string, string>;
  const db = () => testApp.app.database.db;
  const call = (method: 'POST' | 'DELETE', action: 'add' | 'remove', body: unknown) =>
    testApp.app.inject({
      method,
      url: `/api/admin/whitelist/${action}`,
      headers,
      payload: body as object,
    });
  const add = (email: unknown) => call('POST', 'add', { email });
  const remove = (email: unknown) => call('DELETE', 'remove', { email });
  const whitelistRows = () => db().selectFrom('whitelist').selectAll().orderBy('email').execute();
  const auditRows = () =>
    db().selectFrom('audit_log').select(['action', 'actor', 'target']).orderBy('id').execute();
  const listed = async (email: string) => {
    const search = `?search=${encodeURIComponent(email)}`;
    const signups = await testApp.app.inject({ url: `/api/admin/signups${search}`, headers });
    const users = await testApp.app.inject({ url: `/api/admin/users${search}`, headers });
    return {
      signup: signups.json<SignupsResponse>().signups[0]?.isWhitelisted,
      user: users.json<UsersResponse>().users[0]?.isWhitelisted,
    };
  };

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    headers = (await adminHeaders(testApp.app, LOCAL_ADMIN_EMAIL)).headers;
    await signedUp(db(), 'viewer@example.com', minute(1));
  });
  afterAll(() => testApp.close());

  it('adds an address once, however often it is added, and audits the change', async () => {
    const first = await add('  Viewer@Example.COM ');
    const again = await add('viewer@example.com');

    for (const response of [first, again]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        email: 'viewer@example.com',
        isWhitelisted: true,
      });
    }
    expect(await whitelistRows()).toEqual([
      { email: 'viewer@example.com', added_at: expect.anything(), added_by: LOCAL_ADMIN_EMAIL },
    ]);
    expect(await auditRows()).toEqual([
      { action: 'whitelist.add', actor: LOCAL_ADMIN_EMAIL, target: 'viewer@example.com' },
    ]);
    expect(await listed('viewer@example.com')).toEqual({ signup: true, user: true });
  });

  it('removes an address, answers the same for an absent one, and audits the change', async () => {
    const first = await remove('VIEWER@example.com');
    const again = await remove('viewer@example.com');

    for (const response of [first, again]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        email: 'viewer@example.com',
        isWhitelisted: false,
      });
    }
    expect(await whitelistRows()).toEqual([]);
    expect((await auditRows()).at(-1)).toEqual({
      action: 'whitelist.remove',
      actor: LOCAL_ADMIN_EMAIL,
      target: 'viewer@example.com',
    });
    expect(await auditRows()).toHaveLength(2);
    expect(await listed('viewer@example.com')).toEqual({ signup: false, user: false });
  });

  it('whitelists an address that never signed up; it then appears among the users', async () => {
    expect((await add('invitee@example.net')).statusCode).toBe(200);
    expect(await listed('invitee@example.net')).toEqual({ signup: undefined, user: true });

    expect((await remove('invitee@example.net')).statusCode).toBe(200);
    expect(await listed('invitee@example.net')).toEqual({ signup: undefined, user: undefined });
  });

  it('gives audit rows time-ordered uuid v7 ids and the time of the change', async () => {
    const rows = await db().selectFrom('audit_log').select(['id', 'at']).orderBy('id').execute();
    for (const row of rows) {
      expect(row.id).toMatch(
        /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      expect(Math.abs(new Date(row.at).getTime() - Date.now())).toBeLessThan(60_000);
    }
  });

  it.each([
    ['not an address', 'viewer.example.com'],
    ['empty', ''],
    ['a number', 42],
    ['missing', undefined],
  ])('refuses %s with 400 and changes nothing', async (_label, email) => {
    const before = { whitelist: await whitelistRows(), audit: await auditRows() };
    for (const response of [await add(email), await remove(email)]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: INVALID_EMAIL_MESSAGE });
    }
    expect({ whitelist: await whitelistRows(), audit: await auditRows() }).toEqual(before);
  });

  it('refuses a body that is not a JSON object', async () => {
    for (const [method, action] of [
      ['POST', 'add'],
      ['DELETE', 'remove'],
    ] as const) {
      const response = await testApp.app.inject({
        method,
        url: `/api/admin/whitelist/${action}`,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '["viewer@example.com"]',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'The request body must be a JSON object' });
      const empty = await testApp.app.inject({
        method,
        url: `/api/admin/whitelist/${action}`,
        headers,
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ message: 'The request body must be a JSON object' });
    }
  });
});
