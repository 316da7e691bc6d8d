import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignupsResponse, UsersResponse } from '../../../contract/admin.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { confirmSignup } from '../waitlist/confirmation-repository.ts';
import { findSignupByEmail } from '../waitlist/signup-repository.ts';
import {
  adminGetter,
  minute,
  registered,
  signedUp,
  whitelisted,
} from '../../test/admin-test-data.ts';

const kinds = await testDatabaseKinds();

describe.each(kinds)('confirmation state in the admin lists on $name', (kind) => {
  let testApp: TestApp;
  let get: (url: string) => Promise<LightMyRequestResponse>;
  const signups = async (query = '') => {
    const response = await get(`/api/admin/signups${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<SignupsResponse>();
  };
  const users = async (query = '') => {
    const response = await get(`/api/admin/users${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<UsersResponse>();
  };
  const emails = (rows: { email: string }[]) => rows.map((row) => row.email);

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    const db = testApp.app.database.db;
    const confirmed = async (email: string, at: Date) => {
      const signup = await findSignupByEmail(db, email);
      await confirmSignup(db, signup!.id, at);
    };
    // Five confirmed and four pending signups, a minute apart; one confirmed and registered.
    for (let n = 1; n <= 9; n++) await signedUp(db, `fan${n}@example.com`, minute(n));
    for (const n of [1, 3, 5, 7, 9]) await confirmed(`fan${n}@example.com`, minute(n + 30));
    await whitelisted(db, 'fan2@example.com', minute(40));
    await registered(db, 'fan3@example.com', minute(41));
    // Addresses without a signup: in neither state.
    await whitelisted(db, 'invited@example.com', minute(50));
    await registered(db, 'app.only@example.com', minute(51));
    get = await adminGetter(testApp.app);
  });
  afterAll(() => testApp.close());

  it('shows when each signup was confirmed, and nothing for a pending one', async () => {
    const { signups: rows } = await signups('?search=fan1@');
    expect(rows).toEqual([expect.objectContaining({ confirmedAt: minute(31).toISOString() })]);
    const [pending] = (await signups('?search=fan2@')).signups;
    expect(pending).not.toHaveProperty('confirmedAt');

    const listed = (await users()).users;
    expect(listed.find((user) => user.email === 'fan3@example.com')).toEqual({
      uid: 'app-fan3@example.com',
      email: 'fan3@example.com',
      isWhitelisted: false,
      signupDate: minute(3).toISOString(),
      registrationDate: minute(41).toISOString(),
      confirmedAt: minute(33).toISOString(),
      // Confirmed and not on the whitelist: waiting, second in line after fan1.
      place: 2,
    });
    expect(listed.find((user) => user.email === 'fan2@example.com')).not.toHaveProperty(
      'confirmedAt',
    );
    expect(listed.find((user) => user.email === 'invited@example.com')).toEqual({
      uid: expect.any(String),
      email: 'invited@example.com',
      isWhitelisted: true,
    });
  });

  it('narrows the signups to one state, newest first, with the total of that state', async () => {
    const confirmed = await signups('?confirmation=confirmed');
    expect(emails(confirmed.signups)).toEqual([9, 7, 5, 3, 1].map((n) => `fan${n}@example.com`));
    expect(confirmed.pagination.total).toBe(5);

    const pending = await signups('?confirmation=pending&limit=2');
    expect(emails(pending.signups)).toEqual(['fan8@example.com', 'fan6@example.com']);
    expect(pending.pagination).toEqual({ total: 4, limit: 2, offset: 0 });
    const rest = await signups('?confirmation=pending&limit=2&offset=2');
    expect(emails(rest.signups)).toEqual(['fan4@example.com', 'fan2@example.com']);
  });

  it('narrows the users to addresses whose signup is in that state', async () => {
    const confirmed = await users('?confirmation=confirmed');
    // fan3 registered at minute 41: its latest activity puts it first.
    expect(emails(confirmed.users)).toEqual([3, 9, 7, 5, 1].map((n) => `fan${n}@example.com`));
    expect(confirmed.pagination.total).toBe(5);

    const pending = await users('?confirmation=pending&limit=3');
    expect(emails(pending.users)).toEqual([
      'fan2@example.com',
      'fan8@example.com',
      'fan6@example.com',
    ]);
    expect(pending.pagination).toEqual({ total: 4, limit: 3, offset: 0 });
    expect((await users()).pagination.total).toBe(11);
  });

  it('combines the filter with the search', async () => {
    for (const list of [signups, users]) {
      const body = await list('?confirmation=confirmed&search=FAN1');
      expect(emails('signups' in body ? body.signups : body.users)).toEqual(['fan1@example.com']);
      const none = await list('?confirmation=pending&search=fan9');
      expect(none.pagination.total).toBe(0);
      const away = await list('?confirmation=confirmed&search=invited');
      expect(away.pagination.total).toBe(0);
    }
  });

  it.each([
    'confirmation=yes',
    'confirmation=',
    'confirmation=Confirmed',
    'confirmation=pending&confirmation=confirmed',
  ])('refuses %s with 400 in the admin message shape', async (query) => {
    for (const path of ['/api/admin/signups', '/api/admin/users']) {
      const response = await get(`${path}?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'confirmation must be pending or confirmed' });
    }
  });
});
