import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { adminHeaders } from '../../test/admin-session.ts';
import { SESSION_COOKIE } from './admin-guard.ts';
import { createApiToken } from './api-token-repository.ts';

const kinds = await testDatabaseKinds();
const ADMIN = 'curator@example.com';
const OTHER = 'visitor@example.com';
const VIEWER = 'onlooker@example.com';

type Headers = Record<string, string>;
type Credentials = (testApp: TestApp) => Promise<Headers>;

/** Sessions in every state that must not get through, and the answer each must get. */
const cases: [name: string, status: 401 | 403, credentials: Credentials][] = [
  ['no credentials', 401, () => Promise.resolve({})],
  ['a garbage cookie', 401, () => Promise.resolve({ cookie: `${SESSION_COOKIE}=garbage` })],
  ['a garbage bearer token', 401, () => Promise.resolve({ authorization: 'Bearer garbage' })],
  [
    'a session past its absolute end',
    401,
    async ({ app }) => {
      const { token, headers } = await adminHeaders(app, ADMIN);
      await app.database.db
        .updateTable('admin_sessions')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('email', '=', ADMIN)
        .execute();
      return { ...headers, cookie: `${SESSION_COOKIE}=${token}` };
    },
  ],
  [
    'a session idle too long',
    401,
    async ({ app }) => {
      const { headers } = await adminHeaders(app, ADMIN);
      const idleSince = new Date(Date.now() - app.config.session.idleMs - 1000).toISOString();
      await app.database.db
        .updateTable('admin_sessions')
        .set({ last_seen_at: idleSince })
        .where('email', '=', ADMIN)
        .execute();
      return headers;
    },
  ],
  [
    'a revoked session',
    401,
    async ({ app }) => {
      const { headers } = await adminHeaders(app, ADMIN);
      await app.database.db
        .updateTable('admin_sessions')
        .set({ revoked_at: new Date().toISOString() })
        .where('email', '=', ADMIN)
        .execute();
      return headers;
    },
  ],
  [
    'a session whose address was removed from ADMIN_EMAILS',
    403,
    async ({ app }) => {
      const { headers } = await adminHeaders(app, ADMIN);
      app.config.adminEmails.delete(ADMIN);
      return headers;
    },
  ],
  [
    'a session of an address never on the allow-list',
    403,
    async ({ app }) => (await adminHeaders(app, OTHER)).headers,
  ],
];

async function snapshot(testApp: TestApp) {
  const db = testApp.app.database.db;
  return {
    signups: await db.selectFrom('signups').selectAll().orderBy('id').execute(),
    whitelist: await db.selectFrom('whitelist').selectAll().orderBy('email').execute(),
    appUsers: await db.selectFrom('app_users').selectAll().orderBy('uid').execute(),
    audit: await db.selectFrom('audit_log').selectAll().orderBy('id').execute(),
    unsubscribes: await db.selectFrom('email_unsubscribes').selectAll().orderBy('email').execute(),
    caughtMail: await db.selectFrom('caught_mail').selectAll().orderBy('id').execute(),
    outbox: await db.selectFrom('mail_outbox').selectAll().orderBy('id').execute(),
    apiTokens: await db.selectFrom('api_tokens').selectAll().orderBy('id').execute(),
  };
}

describe.each(kinds)('authorization of every admin and email route on $name', (kind) => {
  let testApp: TestApp;
  const protectedRoutes = () =>
    testApp.app.routeList
      .filter((route) => !['public', 'app'].includes(route.access) && route.method !== 'HEAD')
      .map((route) => ({ method: route.method, url: route.url.replace(/:(\w+)/g, 'probe') }));

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    await testApp.app.database.db
      .insertInto('whitelist')
      .values({ email: 'listed@example.com', added_at: new Date().toISOString(), added_by: 'test' })
      .execute();
  });
  afterAll(() => testApp.close());

  it('finds the admin and email routes in the server route table', () => {
    const urls = protectedRoutes().map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'GET /api/admin/signups',
        'GET /api/admin/users',
        'POST /api/admin/whitelist/add',
        'DELETE /api/admin/whitelist/remove',
        'GET /api/email/templates',
        'GET /api/email/templates/probe/preview',
        'POST /api/email/test',
        'POST /api/email/early-access',
        'GET /api/email/mailbox',
        'GET /api/admin/outbox',
        'POST /api/admin/outbox/retry',
        'GET /api/admin/tokens',
        'POST /api/admin/tokens',
        'DELETE /api/admin/tokens/probe',
      ]),
    );
  });

  it.each(cases)(
    'refuses %s with %i on every route and changes nothing',
    async (_name, status, credentials) => {
      testApp.app.config.adminEmails = new Set([ADMIN]);
      const headers = await credentials(testApp);
      const before = await snapshot(testApp);

      for (const route of protectedRoutes()) {
        const response = await testApp.app.inject({
          method: route.method as 'GET',
          url: route.url,
          headers,
          ...(route.method === 'GET'
            ? {}
            : { payload: { email: 'listed@example.com', templateType: 'probe' } }),
        });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(status);
        expect(response.json(), `${route.method} ${route.url}`).toEqual({
          message: expect.any(String),
        });
      }
      expect(await snapshot(testApp)).toEqual(before);
    },
  );

  it('refuses a change that a valid session sends from another site', async () => {
    testApp.app.config.adminEmails = new Set([ADMIN]);
    const { headers } = await adminHeaders(testApp.app, ADMIN);
    const before = await snapshot(testApp);
    for (const route of protectedRoutes().filter((candidate) => candidate.method !== 'GET')) {
      for (const crossSite of [
        { ...headers, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
        { cookie: headers.cookie, origin: 'https://evil.example' },
        { cookie: headers.cookie },
      ]) {
        const response = await testApp.app.inject({
          method: route.method as 'POST',
          url: route.url,
          headers: crossSite,
          payload: { email: 'listed@example.com' },
        });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      }
    }
    expect(await snapshot(testApp)).toEqual(before);
  });

  it('refuses a viewer every route that is not a read open to viewers, and changes nothing', async () => {
    testApp.app.config.adminEmails = new Set([ADMIN]);
    testApp.app.config.viewerEmails = new Set([VIEWER]);
    const { headers } = await adminHeaders(testApp.app, VIEWER);
    const token = await createApiToken(testApp.app.database.db, {
      name: 'viewer script',
      scope: 'write',
      createdBy: VIEWER,
    });
    const before = await snapshot(testApp);
    const routes = testApp.app.routeList.filter((route) => route.method !== 'HEAD');
    const viewerRoutes = routes.filter((route) => route.access === 'viewer');
    // A route open to viewers only reads.
    expect(viewerRoutes.map((route) => route.method)).toEqual(viewerRoutes.map(() => 'GET'));
    expect(viewerRoutes.map((route) => route.url)).toEqual(
      expect.arrayContaining([
        '/api/admin/signups',
        '/api/admin/users',
        '/api/admin/counts',
        '/api/admin/audit',
        '/api/admin/outbox',
      ]),
    );
    const changing = routes.filter((route) => ['admin', 'admin-session'].includes(route.access));
    expect(changing.length).toBeGreaterThan(5);
    const failures: string[] = [];
    for (const credentials of [headers, { authorization: `Bearer ${token.token}` }]) {
      for (const route of changing) {
        const response = await testApp.app.inject({
          method: route.method as 'GET',
          url: route.url.replace(/:(\w+)/g, 'probe'),
          headers: credentials,
          ...(route.method === 'GET'
            ? {}
            : { payload: { email: 'listed@example.com', templateType: 'probe' } }),
        });
        if (response.statusCode !== 403) {
          failures.push(`${route.method} ${route.url}: ${response.statusCode}`);
        }
      }
      for (const route of viewerRoutes) {
        const response = await testApp.app.inject({
          method: 'GET',
          url: route.url.replace(/:(\w+)/g, 'probe'),
          headers: credentials,
        });
        if ([401, 403].includes(response.statusCode)) {
          failures.push(`viewer refused ${route.url}: ${response.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
    const after = await snapshot(testApp);
    expect(after).toEqual({
      ...before,
      // Reading as a viewer touches the token's last use, and each export is recorded.
      apiTokens: expect.any(Array),
      audit: expect.any(Array),
    });
    const added = after.audit.filter((entry) => !before.audit.some((old) => old.id === entry.id));
    expect(new Set(added.map((entry) => entry.action))).toEqual(new Set(['export']));
    expect(after.audit).toEqual(expect.arrayContaining(before.audit));
  });

  it('lets a valid admin session through', async () => {
    testApp.app.config.adminEmails = new Set([ADMIN]);
    const { headers } = await adminHeaders(testApp.app, ADMIN);
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/admin/signups',
      headers,
    });
    expect(response.statusCode).toBe(200);
  });
});
