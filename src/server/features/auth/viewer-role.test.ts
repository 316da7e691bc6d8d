import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_DENIED_MESSAGE } from '../../../contract/admin.ts';
import { parseEnv } from '../../config.ts';
import { adminHeaders } from '../../test/admin-session.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

const [sqlite] = await testDatabaseKinds();
const ADMIN = 'curator@example.com';
const VIEWER = 'onlooker@example.com';

describe('the viewer role', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp(sqlite!);
    testApp.app.config.adminEmails = new Set([ADMIN]);
    testApp.app.config.viewerEmails = new Set([VIEWER, ADMIN]);
  });
  afterAll(() => testApp.close());

  const session = async (email: string) =>
    testApp.app.inject({
      url: '/api/auth/session',
      headers: (await adminHeaders(testApp.app, email)).headers,
    });

  it('tells the dashboard whether the signed-in address is an admin or a viewer', async () => {
    expect((await session(VIEWER)).json()).toMatchObject({
      email: VIEWER,
      isAdmin: true,
      role: 'viewer',
    });
    // On both lists: an admin.
    expect((await session(ADMIN)).json()).toMatchObject({ email: ADMIN, role: 'admin' });
    const stranger = await session('visitor@example.com');
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({ message: ACCESS_DENIED_MESSAGE });
  });

  it('ends at once when the address leaves VIEWER_EMAILS', async () => {
    const { headers } = await adminHeaders(testApp.app, VIEWER);
    expect((await testApp.app.inject({ url: '/api/admin/counts', headers })).statusCode).toBe(200);
    testApp.app.config.viewerEmails = new Set();
    expect((await testApp.app.inject({ url: '/api/admin/counts', headers })).statusCode).toBe(403);
  });

  it('reads VIEWER_EMAILS as comma-separated addresses, lower-cased', () => {
    expect(parseEnv({ VIEWER_EMAILS: ' A@Example.com, b@example.com ,' }).VIEWER_EMAILS).toEqual([
      'a@example.com',
      'b@example.com',
    ]);
    expect(parseEnv({}).VIEWER_EMAILS).toEqual([]);
    expect(() => parseEnv({ VIEWER_EMAILS: 'not an address' })).toThrow();
  });
});
