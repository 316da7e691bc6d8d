import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignupsResponse, UsersResponse } from '../../../contract/admin.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { confirmSignup } from '../waitlist/confirmation-repository.ts';
import { findSignupByEmail } from '../waitlist/signup-repository.ts';
import { adminGetter, registered, signedUp, whitelisted } from '../../test/admin-test-data.ts';
import { signupBatches } from './signup-list-repository.ts';
import { userBatches } from './user-list-filtered.ts';

const kinds = await testDatabaseKinds();

/** 2026-01-0`day` at `hour`:00 UTC. */
const at = (day: number, hour = 12) => new Date(Date.UTC(2026, 0, day, hour));

describe.each(kinds)('filters and order of the admin lists on $name', (kind) => {
  let testApp: TestApp;
  let get: (url: string) => Promise<LightMyRequestResponse>;
  const signups = async (query: string) => {
    const response = await get(`/api/admin/signups?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<SignupsResponse>();
  };
  const users = async (query: string) => {
    const response = await get(`/api/admin/users?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<UsersResponse>();
  };
  const names = (rows: { email: string }[]) => rows.map((row) => row.email.split('@')[0]);

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    const db = testApp.app.database.db;
    // One signup a day; the first and fourth whitelisted, the second and fourth registered.
    await signedUp(db, 'alma@example.com', at(1), { program: 'CLOSED_ALPHA', source: 'general' });
    await signedUp(db, 'bo@example.com', at(2), { program: 'BETA', source: 'hero-top' });
    await signedUp(db, 'cleo@example.com', at(3), { program: 'OPEN_BETA', source: 'general' });
    await signedUp(db, 'dan@example.com', at(4), {
      program: 'CLOSED_ALPHA',
      source: 'get-app-top',
    });
    // Late in the day: the inclusive end of a date range.
    await signedUp(db, 'eve@example.com', at(5, 23), { program: 'BETA', source: 'general' });
    const alma = await findSignupByEmail(db, 'alma@example.com');
    await confirmSignup(db, alma!.id, at(1, 13));
    await whitelisted(db, 'alma@example.com', at(6));
    await whitelisted(db, 'dan@example.com', at(7));
    await registered(db, 'bo@example.com', at(8));
    await registered(db, 'dan@example.com', at(9));
    // Addresses without a signup.
    await whitelisted(db, 'wil@example.com', at(10));
    await registered(db, 'rae@example.com', at(11));
    get = await adminGetter(testApp.app);
  });
  afterAll(() => testApp.close());

  it('narrows the signups by whitelist and registration state, newest first', async () => {
    expect(names((await signups('whitelisted=true')).signups)).toEqual(['dan', 'alma']);
    expect(names((await signups('whitelisted=false')).signups)).toEqual(['eve', 'cleo', 'bo']);
    expect(names((await signups('registered=true')).signups)).toEqual(['dan', 'bo']);
    const neither = await signups('whitelisted=false&registered=false');
    expect(names(neither.signups)).toEqual(['eve', 'cleo']);
    expect(neither.pagination).toEqual({ total: 2, limit: 10, offset: 0 });
  });

  it('narrows the signups by programme, signup form and inclusive UTC days', async () => {
    expect(names((await signups('type=BETA')).signups)).toEqual(['eve', 'bo']);
    expect(names((await signups('type=CLOSED_ALPHA&source=general')).signups)).toEqual(['alma']);
    expect(names((await signups('source=general')).signups)).toEqual(['eve', 'cleo', 'alma']);
    expect(names((await signups('from=2026-01-02&to=2026-01-03')).signups)).toEqual(['cleo', 'bo']);
    expect(names((await signups('from=2026-01-05&to=2026-01-05')).signups)).toEqual(['eve']);
    expect(names((await signups('to=2026-01-01')).signups)).toEqual(['alma']);
    expect((await signups('from=2026-02-01')).signups).toEqual([]);
  });

  it('combines every filter with the search and the confirmation state', async () => {
    expect(names((await signups('search=A&whitelisted=true')).signups)).toEqual(['dan', 'alma']);
    expect(names((await signups('confirmation=confirmed&whitelisted=true')).signups)).toEqual([
      'alma',
    ]);
    expect(names((await signups('confirmation=pending&type=CLOSED_ALPHA')).signups)).toEqual([
      'dan',
    ]);
    expect((await signups('search=bo&type=CLOSED_ALPHA')).pagination.total).toBe(0);
  });

  it('sorts the signups by date or address in both directions, and pages the result', async () => {
    expect(names((await signups('sort=created&order=asc')).signups)).toEqual([
      'alma',
      'bo',
      'cleo',
      'dan',
      'eve',
    ]);
    expect(names((await signups('sort=email')).signups)).toEqual([
      'alma',
      'bo',
      'cleo',
      'dan',
      'eve',
    ]);
    expect(names((await signups('sort=email&order=desc')).signups)).toEqual([
      'eve',
      'dan',
      'cleo',
      'bo',
      'alma',
    ]);
    // Without sort, order applies to the signup date.
    expect(names((await signups('order=asc&limit=2')).signups)).toEqual(['alma', 'bo']);
    const second = await signups('sort=email&type=BETA&limit=1&offset=1');
    expect(names(second.signups)).toEqual(['eve']);
    expect(second.pagination).toEqual({ total: 2, limit: 1, offset: 1 });
    const first = await signups('sort=email&source=general&limit=1');
    expect(first.pagination.total).toBe(3);
  });

  it('counts every combination of whitelist and registration state, with other filters', async () => {
    for (const whitelist of ['', 'whitelisted=true', 'whitelisted=false']) {
      for (const registration of ['', 'registered=true', 'registered=false']) {
        for (const other of ['', 'source=general', 'search=a', 'type=CLOSED_ALPHA']) {
          const query = [whitelist, registration, other].filter(Boolean).join('&');
          const all = await signups(`${query}&limit=100`);
          // A full first page of one row: the total is counted, not read off the page.
          const counted = await signups(`${query}&limit=1`);
          expect(counted.pagination.total, query).toBe(all.signups.length);
          const users_ = await users(`${query}&limit=100`);
          const countedUsers = await users(`${query}&limit=1`);
          expect(countedUsers.pagination.total, query).toBe(users_.users.length);
        }
      }
    }
  });

  it('narrows the users by whitelist and registration state, with addresses without a signup', async () => {
    // Most recent activity first: rae registered (11), wil whitelisted (10), dan registered (9).
    expect(names((await users('whitelisted=true')).users)).toEqual(['wil', 'dan', 'alma']);
    expect(names((await users('registered=true')).users)).toEqual(['rae', 'dan', 'bo']);
    const notListed = await users('whitelisted=false');
    expect(names(notListed.users)).toEqual(['rae', 'bo', 'eve', 'cleo']);
    expect(notListed.pagination.total).toBe(4);
    expect(names((await users('registered=false')).users)).toEqual(['wil', 'alma', 'eve', 'cleo']);
    expect(names((await users('whitelisted=false&registered=false')).users)).toEqual([
      'eve',
      'cleo',
    ]);
    const page = await users('whitelisted=true&limit=2');
    expect(page.pagination).toEqual({ total: 3, limit: 2, offset: 0 });
    expect(page.users[0]).toEqual({
      uid: expect.stringMatching(/^addr_/),
      email: 'wil@example.com',
      isWhitelisted: true,
    });
    expect(page.users[1]).toEqual({
      uid: 'app-dan@example.com',
      email: 'dan@example.com',
      isWhitelisted: true,
      signupDate: at(4).toISOString(),
      registrationDate: at(9).toISOString(),
    });
  });

  it('keeps only addresses with a signup for a condition on the signup', async () => {
    expect(names((await users('type=CLOSED_ALPHA')).users)).toEqual(['dan', 'alma']);
    expect(names((await users('source=general&registered=false')).users)).toEqual([
      'alma',
      'eve',
      'cleo',
    ]);
    expect(names((await users('from=2026-01-04')).users)).toEqual(['dan', 'eve']);
    expect(names((await users('confirmation=pending&whitelisted=true')).users)).toEqual(['dan']);
    expect(names((await users('search=RA&registered=true')).users)).toEqual(['rae']);
  });

  it('sorts the users by signup date (no signup last, both ways), address or activity', async () => {
    expect(names((await users('sort=created')).users)).toEqual([
      'eve',
      'dan',
      'cleo',
      'bo',
      'alma',
      'rae',
      'wil',
    ]);
    expect(names((await users('sort=created&order=asc')).users)).toEqual([
      'alma',
      'bo',
      'cleo',
      'dan',
      'eve',
      'rae',
      'wil',
    ]);
    expect(names((await users('sort=email&order=desc')).users)).toEqual([
      'wil',
      'rae',
      'eve',
      'dan',
      'cleo',
      'bo',
      'alma',
    ]);
    expect(names((await users('sort=activity&order=asc')).users)).toEqual([
      'cleo',
      'eve',
      'alma',
      'bo',
      'dan',
      'wil',
      'rae',
    ]);
    // The spec's order is unchanged without sort.
    expect(names((await users('')).users)).toEqual(names((await users('sort=activity')).users));
  });

  it('walks every matching row in the list order, batch by batch', async () => {
    const db = testApp.app.database.db;
    const signupFilters: Record<string, string>[] = [
      { sort: 'email', order: 'desc' },
      {},
      { whitelisted: 'false', sort: 'created', order: 'asc' },
    ];
    for (const filter of signupFilters) {
      const walked: string[] = [];
      for await (const batch of signupBatches(db, filter, 2)) {
        expect(batch.length).toBeLessThanOrEqual(2);
        walked.push(...batch.map((row) => row.email));
      }
      const listed = await signups(new URLSearchParams({ ...filter, limit: '100' }).toString());
      expect(walked).toEqual(listed.signups.map((row) => row.email));
    }
    const userFilters: Record<string, string>[] = [
      {},
      { sort: 'created' },
      { sort: 'created', order: 'asc' },
      { registered: 'false', sort: 'email' },
    ];
    for (const filter of userFilters) {
      const walked: string[] = [];
      for await (const batch of userBatches(db, filter, 2))
        walked.push(...batch.map((row) => row.email));
      const listed = await users(new URLSearchParams({ ...filter, limit: '100' }).toString());
      expect(walked).toEqual(listed.users.map((row) => row.email));
    }
  });

  it.each([
    ['whitelisted=yes', 'whitelisted must be true or false'],
    ['registered=1', 'registered must be true or false'],
    ['sort=name', 'sort must be created or email or place or referrals'],
    ['order=up', 'order must be asc or desc'],
    ['from=2026-02-30', 'from must be a date written YYYY-MM-DD'],
    ['to=31.01.2026', 'to must be a date written YYYY-MM-DD'],
    ['from=2026-01-05&to=2026-01-04', 'from must not be after to'],
    ['type=bad%20type', 'type must be 1 to 64 letters, digits, _, - or .'],
    ['source=' + 'x'.repeat(65), 'source must be 1 to 64 letters, digits, _, - or .'],
    ['type=BETA&type=BETA', 'type must be a single text value'],
  ])('refuses %s with 400 and says why', async (query, message) => {
    const response = await get(`/api/admin/signups?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    const onUsers = await get(`/api/admin/users?${query}`);
    expect(onUsers.statusCode).toBe(400);
  });

  it('takes sort=activity on the users list only', async () => {
    expect((await get('/api/admin/signups?sort=activity')).statusCode).toBe(400);
    expect((await get('/api/admin/users?sort=activity')).statusCode).toBe(200);
  });
});
