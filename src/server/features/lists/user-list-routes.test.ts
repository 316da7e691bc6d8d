import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsersResponse } from '../../../contract/admin.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import {
  adminGetter,
  minute,
  registered,
  signedUp,
  whitelisted,
} from '../../test/admin-test-data.ts';
import { addressUid } from './user-list-repository.ts';

const kinds = await testDatabaseKinds();

describe.each(kinds)('GET /api/admin/users on $name', (kind) => {
  let testApp: TestApp;
  let get: (url: string) => Promise<LightMyRequestResponse>;
  const list = async (query = '') => {
    const response = await get(`/api/admin/users${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<UsersResponse>();
  };

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    const db = testApp.app.database.db;
    await signedUp(db, 'signed.up@example.com', minute(1));
    await signedUp(db, 'listed.later@example.com', minute(2));
    await whitelisted(db, 'listed.later@example.com', minute(50));
    await signedUp(db, 'full.journey@example.com', minute(3));
    await whitelisted(db, 'full.journey@example.com', minute(4));
    await registered(db, 'full.journey@example.com', minute(5), 'uid-full-journey');
    await whitelisted(db, 'invited.directly@example.com', minute(10));
    await registered(db, 'app.only@example.com', minute(10), 'uid-app-only');
    get = await adminGetter(testApp.app);
  });
  afterAll(() => testApp.close());

  it('lists every known address once, most recent activity first, then by address', async () => {
    const body = await list();

    expect(body.pagination).toEqual({ total: 5, limit: 50, offset: 0 });
    expect(body.users).toEqual([
      {
        uid: addressUid('listed.later@example.com'),
        email: 'listed.later@example.com',
        isWhitelisted: true,
        signupDate: minute(2).toISOString(),
      },
      {
        uid: 'uid-app-only',
        email: 'app.only@example.com',
        isWhitelisted: false,
        registrationDate: minute(10).toISOString(),
      },
      {
        uid: addressUid('invited.directly@example.com'),
        email: 'invited.directly@example.com',
        isWhitelisted: true,
      },
      {
        uid: 'uid-full-journey',
        email: 'full.journey@example.com',
        isWhitelisted: true,
        signupDate: minute(3).toISOString(),
        registrationDate: minute(5).toISOString(),
      },
      {
        uid: addressUid('signed.up@example.com'),
        email: 'signed.up@example.com',
        isWhitelisted: false,
        signupDate: minute(1).toISOString(),
      },
    ]);
  });

  it('gives an unregistered address a stable uid that does not show the address', () => {
    const uid = addressUid('signed.up@example.com');
    expect(uid).toMatch(/^addr_[0-9a-f]{32}$/);
    expect(addressUid('signed.up@example.com')).toBe(uid);
    expect(addressUid('signed.up2@example.com')).not.toBe(uid);
  });

  it('pages with limit and offset, each page a slice of the whole list', async () => {
    const all = (await list()).users.map((user) => user.email);
    for (const [limit, offset] of [
      [1, 0],
      [2, 1],
      [2, 3],
      [3, 4],
      [5, 5],
    ] as const) {
      const body = await list(`?limit=${limit}&offset=${offset}`);
      expect(body.pagination).toEqual({ total: 5, limit, offset });
      expect(body.users.map((user) => user.email)).toEqual(all.slice(offset, offset + limit));
    }
    expect((await list(`?offset=${Number.MAX_SAFE_INTEGER}`)).users).toEqual([]);
  });

  it('is never cached', async () => {
    const response = await get('/api/admin/users');
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
