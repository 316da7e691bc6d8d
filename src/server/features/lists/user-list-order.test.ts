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

const kinds = await testDatabaseKinds();

interface Person {
  email: string;
  signup?: number;
  whitelist?: number;
  registration?: number;
}

/**
 * Addresses with few distinct times, so many share their latest activity, and activity that
 * often comes from the whitelist or the app rather than the signup.
 */
function people(): Person[] {
  let seed = 7;
  const next = (n: number) => (seed = (seed * 48_271) % 2_147_483_647) % n;
  return Array.from({ length: 60 }, (_, index) => {
    const person: Person = { email: `p${next(1000)}-${index}@example.com` };
    const roles = next(7) + 1;
    if (roles & 1) person.signup = next(12);
    if (roles & 2) person.whitelist = next(12);
    if (roles & 4) person.registration = next(12);
    return person;
  });
}

function expectedOrder(all: Person[], search = ''): string[] {
  const activity = (person: Person) =>
    Math.max(person.signup ?? -1, person.whitelist ?? -1, person.registration ?? -1);
  return all
    .filter((person) => person.email.includes(search))
    .sort((a, b) => activity(b) - activity(a) || (a.email < b.email ? -1 : 1))
    .map((person) => person.email);
}

describe.each(kinds)('the order of GET /api/admin/users on $name', (kind) => {
  let testApp: TestApp;
  let get: (url: string) => Promise<LightMyRequestResponse>;
  const all = people();
  const emails = async (query: string) => {
    const response = await get(`/api/admin/users${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<UsersResponse>().users.map((user) => user.email);
  };

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    const db = testApp.app.database.db;
    for (const person of all) {
      if (person.signup !== undefined) await signedUp(db, person.email, minute(person.signup));
      if (person.whitelist !== undefined) {
        await whitelisted(db, person.email, minute(person.whitelist));
      }
      if (person.registration !== undefined) {
        await registered(db, person.email, minute(person.registration));
      }
    }
    get = await adminGetter(testApp.app);
  });
  afterAll(() => testApp.close());

  it('matches the latest of the three dates, ties by address, on every page', async () => {
    const expected = expectedOrder(all);
    expect(await emails('?limit=100')).toEqual(expected);
    for (const limit of [1, 3, 7, 50]) {
      for (let offset = 0; offset < all.length; offset += limit) {
        expect(await emails(`?limit=${limit}&offset=${offset}`)).toEqual(
          expected.slice(offset, offset + limit),
        );
      }
    }
  });

  it('keeps that order within search results', async () => {
    for (const search of ['p1', '-1', '9']) {
      const expected = expectedOrder(all, search);
      expect(await emails(`?search=${search}&limit=100`)).toEqual(expected);
      for (let offset = 0; offset < expected.length; offset += 2) {
        expect(await emails(`?search=${search}&limit=2&offset=${offset}`)).toEqual(
          expected.slice(offset, offset + 2),
        );
      }
    }
  });
});
