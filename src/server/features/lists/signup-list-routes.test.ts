import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignupsResponse } from '../../../contract/admin.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import {
  adminGetter,
  minute,
  registered,
  signedUp,
  whitelisted,
} from '../../test/admin-test-data.ts';

const kinds = await testDatabaseKinds();

describe.each(kinds)('GET /api/admin/signups on $name', (kind) => {
  let testApp: TestApp;
  let get: (url: string) => Promise<LightMyRequestResponse>;
  const list = async (query = '') => {
    const response = await get(`/api/admin/signups${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<SignupsResponse>();
  };

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    const db = testApp.app.database.db;
    // Twelve signups one minute apart; two more share the last minute.
    for (let n = 1; n <= 12; n++) await signedUp(db, `viewer${n}@example.com`, minute(n));
    await signedUp(db, 'beta.tester@example.org', minute(20), {
      program: 'BETA',
      source: 'get-app-top',
    });
    await signedUp(db, 'open.tester@example.org', minute(20), { program: 'OPEN_BETA' });
    await whitelisted(db, 'beta.tester@example.org', minute(21));
    await registered(db, 'beta.tester@example.org', minute(30));
    await whitelisted(db, 'only.whitelisted@example.net', minute(40));
    get = await adminGetter(testApp.app);
  });
  afterAll(() => testApp.close());

  it('answers the newest 10 by default, with the total and the page it used', async () => {
    const body = await list();

    expect(body.pagination).toEqual({ total: 14, limit: 10, offset: 0 });
    expect(body.signups).toHaveLength(10);
    const times = body.signups.map((signup) => signup.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(body.signups.map((signup) => signup.email)).not.toContain(
      'only.whitelisted@example.net',
    );
  });

  it('orders signups of the same moment by id, newest id first', async () => {
    const [first, second] = (await list()).signups;
    expect([first!.createdAt, second!.createdAt]).toEqual([
      minute(20).toISOString(),
      minute(20).toISOString(),
    ]);
    expect(first!.id > second!.id).toBe(true);
  });

  it('shows programme, form, ISO dates, whitelist status and registration', async () => {
    const { signups } = await list('?search=beta.tester');

    expect(signups).toEqual([
      {
        id: expect.any(String),
        email: 'beta.tester@example.org',
        type: 'BETA',
        source: 'get-app-top',
        createdAt: minute(20).toISOString(),
        registeredAt: minute(30).toISOString(),
        isWhitelisted: true,
        lastSignupAt: minute(20).toISOString(),
        signupCount: 1,
      },
    ]);
    const [plain] = (await list('?search=viewer1@')).signups;
    expect(plain).toEqual({
      id: expect.any(String),
      email: 'viewer1@example.com',
      type: 'CLOSED_ALPHA',
      source: 'general',
      createdAt: minute(1).toISOString(),
      isWhitelisted: false,
      lastSignupAt: minute(1).toISOString(),
      signupCount: 1,
    });
    expect(plain).not.toHaveProperty('registeredAt');
  });

  it('pages with limit and offset without gaps or repeats', async () => {
    const all = (await list('?limit=100')).signups.map((signup) => signup.id);
    const pages = [];
    for (let offset = 0; offset < 14; offset += 4) {
      const body = await list(`?limit=4&offset=${offset}`);
      expect(body.pagination).toEqual({ total: 14, limit: 4, offset });
      pages.push(...body.signups.map((signup) => signup.id));
    }
    expect(all).toHaveLength(14);
    expect(pages).toEqual(all);
  });

  it('answers an empty page past the end, still with the total', async () => {
    expect(await list('?offset=14')).toEqual({
      signups: [],
      pagination: { total: 14, limit: 10, offset: 14 },
    });
    expect((await list(`?offset=${Number.MAX_SAFE_INTEGER}`)).signups).toEqual([]);
  });

  it('is never cached', async () => {
    const response = await get('/api/admin/signups');
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
