import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignupsResponse, UsersResponse } from '../../../contract/admin.ts';
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

const SIGNED_UP = [
  'anna.berg@example.com',
  'ANNA.Lind@Example.org'.toLowerCase(),
  'per.anna@example.net',
  '100%real@example.com',
  '100xreal@example.com',
  'under_score@example.com',
  'underxscore@example.com',
  'back\\slash@example.com',
  'backslash@example.com',
];

describe.each(kinds)('search in the admin lists on $name', (kind) => {
  let testApp: TestApp;
  let get: (url: string) => Promise<LightMyRequestResponse>;
  const signups = async (search: string, page = '') => {
    const response = await get(`/api/admin/signups?search=${encodeURIComponent(search)}${page}`);
    expect(response.statusCode).toBe(200);
    return response.json<SignupsResponse>();
  };
  const users = async (search: string, page = '') => {
    const response = await get(`/api/admin/users?search=${encodeURIComponent(search)}${page}`);
    expect(response.statusCode).toBe(200);
    return response.json<UsersResponse>();
  };
  const signupEmails = async (search: string) =>
    (await signups(search)).signups.map((signup) => signup.email).sort();
  const userEmails = async (search: string) =>
    (await users(search)).users.map((user) => user.email).sort();

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    const db = testApp.app.database.db;
    for (const [index, email] of SIGNED_UP.entries()) await signedUp(db, email, minute(index));
    await whitelisted(db, 'anna.invited@example.com', minute(30));
    await registered(db, 'anna.app@example.com', minute(31));
    get = await adminGetter(testApp.app);
  });
  afterAll(() => testApp.close());

  it('matches any part of the address, ignoring case', async () => {
    const annas = ['anna.berg@example.com', 'anna.lind@example.org', 'per.anna@example.net'];
    expect(await signupEmails('anna')).toEqual(annas);
    expect(await signupEmails('ANNA')).toEqual(annas);
    expect(await signupEmails('  AnNa  ')).toEqual(annas);
    expect(await signupEmails('Lind@EXAMPLE.ORG')).toEqual(['anna.lind@example.org']);
    expect(await userEmails('Anna')).toEqual(
      [...annas, 'anna.app@example.com', 'anna.invited@example.com'].sort(),
    );
  });

  it('counts the matches in the total, not only the page', async () => {
    expect((await signups('anna', '&limit=1')).pagination).toEqual({
      total: 3,
      limit: 1,
      offset: 0,
    });
    expect((await users('anna', '&limit=2&offset=4')).pagination).toEqual({
      total: 5,
      limit: 2,
      offset: 4,
    });
    expect((await signups('')).pagination.total).toBe(SIGNED_UP.length);
    expect((await users('')).pagination.total).toBe(SIGNED_UP.length + 2);
  });

  it.each([
    ['%', ['100%real@example.com']],
    ['0%r', ['100%real@example.com']],
    ['_', ['under_score@example.com']],
    ['r_s', ['under_score@example.com']],
    ['\\', ['back\\slash@example.com']],
    ['k\\s', ['back\\slash@example.com']],
  ])('matches %s only literally', async (search, expected) => {
    expect(await signupEmails(search)).toEqual(expected);
    expect(await userEmails(search)).toEqual(expected);
    expect((await signups(search)).pagination.total).toBe(expected.length);
    expect((await users(search)).pagination.total).toBe(expected.length);
  });

  it('answers no rows and a zero total when nothing matches', async () => {
    for (const search of ['zzz', '%%', '__x__', 'anna\\%']) {
      expect(await signups(search)).toEqual({
        signups: [],
        pagination: { total: 0, limit: 10, offset: 0 },
      });
      expect(await users(search)).toEqual({
        users: [],
        pagination: { total: 0, limit: 50, offset: 0 },
      });
    }
  });
});
