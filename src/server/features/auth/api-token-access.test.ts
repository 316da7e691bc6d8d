import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_DENIED_MESSAGE, AUTHENTICATION_REQUIRED_MESSAGE } from '../../../contract/admin.ts';
import {
  READ_ONLY_TOKEN_MESSAGE,
  SESSION_ONLY_MESSAGE,
  type CreatedApiToken,
} from '../../../contract/api-tokens.ts';
import { adminHeaders } from '../../test/admin-session.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * API tokens against every admin route of the route table, by its declared access: whatever
 * route is added later, a token in a refused state gets nowhere, a read-only token changes
 * nothing, and no token reaches a session-only route.
 */
const kinds = await testDatabaseKinds();
const ADMIN = 'curator@example.com';
const LEFT = 'former-admin@example.com';

describe.each(kinds)('API tokens on every admin route on $name', (kind) => {
  let testApp: TestApp;
  const tokens: Record<string, string> = {};
  const routesOf = (access: string, methods?: (method: string) => boolean) =>
    testApp.app.routeList
      .filter((route) => route.access === access && (methods?.(route.method) ?? true))
      .map((route) => ({ method: route.method, url: route.url.replace(/:(\w+)/g, 'probe') }));
  const unsafe = (method: string) => !['GET', 'HEAD'].includes(method);

  async function tokenOf(email: string, scope: 'read' | 'write') {
    const { headers } = await adminHeaders(testApp.app, email);
    testApp.app.config.adminEmails = new Set([ADMIN, LEFT]);
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/admin/tokens',
      headers,
      payload: { name: `${email} ${scope}`, scope, expiresInDays: 1 },
    });
    return response.json<CreatedApiToken>();
  }

  /** Each route answers `status` and `message` to `token`, and no data changes. */
  async function expectAll(
    routes: { method: string; url: string }[],
    token: string,
    status: number,
    message: string,
  ) {
    expect(routes.length).toBeGreaterThan(0);
    const db = testApp.app.database.db;
    const before = await db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    const failures: string[] = [];
    for (const route of routes) {
      const response = await testApp.app.inject({
        method: route.method as 'GET',
        url: route.url,
        headers: { authorization: `Bearer ${token}` },
        ...(route.method === 'GET' || route.method === 'HEAD'
          ? {}
          : { payload: { email: 'listed@example.com', name: 'x', scope: 'write' } }),
      });
      const body = route.method === 'HEAD' ? { message } : response.json<{ message: string }>();
      if (response.statusCode !== status || body.message !== message) {
        failures.push(`${route.method} ${route.url} -> ${response.statusCode} ${response.body}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await db.selectFrom('audit_log').selectAll().orderBy('id').execute()).toEqual(before);
  }

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    tokens.write = (await tokenOf(ADMIN, 'write')).token;
    tokens.read = (await tokenOf(ADMIN, 'read')).token;
    tokens.left = (await tokenOf(LEFT, 'write')).token;
    const revoked = await tokenOf(ADMIN, 'write');
    tokens.revoked = revoked.token;
    await testApp.app.database.db
      .updateTable('api_tokens')
      .set({ revoked_at: new Date().toISOString() })
      .where('id', '=', revoked.apiToken.id)
      .execute();
    const expired = await tokenOf(ADMIN, 'write');
    tokens.expired = expired.token;
    await testApp.app.database.db
      .updateTable('api_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired.apiToken.id)
      .execute();
    testApp.app.config.adminEmails = new Set([ADMIN]);
  });
  afterAll(() => testApp.close());

  it.each(['revoked', 'expired'])('refuses a %s token with 401 on every admin route', (state) =>
    expectAll(routesOf('admin'), tokens[state]!, 401, AUTHENTICATION_REQUIRED_MESSAGE),
  );

  it('refuses the token of an address no longer on the allow-list with 403 on every admin route', () =>
    expectAll(routesOf('admin'), tokens.left!, 403, ACCESS_DENIED_MESSAGE));

  it('refuses a read-only token on every admin route that changes something', () =>
    expectAll(routesOf('admin', unsafe), tokens.read!, 403, READ_ONLY_TOKEN_MESSAGE));

  it.each(['write', 'read'])('refuses a valid %s token on every session-only route', (scope) =>
    expectAll(routesOf('admin-session'), tokens[scope]!, 403, SESSION_ONLY_MESSAGE),
  );
});
