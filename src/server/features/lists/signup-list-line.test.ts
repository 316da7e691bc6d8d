import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignupsResponse, UsersResponse } from '../../../contract/admin.ts';
import { adminHeaders } from '../../test/admin-session.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { placeInLine, setBoost } from '../../platform/line/line.ts';
import { LINE_BUCKET_SIZE } from '../../db/migrations/0021-place-in-line.ts';
import { insertSignup } from '../waitlist/signup-repository.ts';

const kinds = await testDatabaseKinds();
const ADMIN = 'line-list-admin@example.com';

describe.each(kinds)('places, referrals and products in the signups list on $name', (kind) => {
  let testApp: TestApp;
  let headers: Record<string, string>;
  const db = () => testApp.app.database.db;
  const list = async (query: string) => {
    const response = await testApp.app.inject({ url: `/api/admin/signups?${query}`, headers });
    expect(response.statusCode).toBe(200);
    return response.json<SignupsResponse>();
  };

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    testApp.app.config.adminEmails = new Set([ADMIN]);
    headers = (await adminHeaders(testApp.app, ADMIN)).headers;
    const confirmedAt = new Date('2026-05-01T00:00:00Z').toISOString();
    // Enough people for the line to span more than one bucket once someone moves far ahead.
    for (let i = 0; i < 12; i += 1) {
      await insertSignup(db(), {
        email: `p${String(i).padStart(2, '0')}@example.com`,
        program: 'BETA',
        source: 'general',
      });
    }
    await insertSignup(db(), {
      email: 'unconfirmed@example.com',
      program: 'BETA',
      source: 'general',
    });
    await db()
      .updateTable('signups')
      .set({ confirmed_at: confirmedAt })
      .where('email', '<>', 'unconfirmed@example.com')
      .execute();
    await db()
      .updateTable('signups')
      .set({ wants: 'ios,chrome' })
      .where('email', '=', 'p03@example.com')
      .execute();
    await db()
      .updateTable('signups')
      .set({ wants: 'android' })
      .where('email', '=', 'p07@example.com')
      .execute();
    // p10 moved forward five places (as five credited referrals of one place each would).
    const p10 = await db()
      .selectFrom('signups')
      .select('id')
      .where('email', '=', 'p10@example.com')
      .executeTakeFirstOrThrow();
    const p00 = await db()
      .selectFrom('signups')
      .select('id')
      .where('email', '=', 'p00@example.com')
      .executeTakeFirstOrThrow();
    await setBoost(db(), p10.id, 5);
    const friend = await db()
      .selectFrom('signups')
      .select('id')
      .where('email', '=', 'p11@example.com')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('referrals')
      .values({
        id: '01890000-0000-7000-8000-00000000000a',
        owner_id: p10.id,
        friend_id: friend.id,
        status: 'credited',
        reasons: null,
        created_at: confirmedAt,
        settled_at: confirmedAt,
        decided_at: null,
        decided_by: null,
      })
      .execute();
    // p00 jumps a whole bucket ahead: the page's places must still be exact.
    await setBoost(db(), p00.id, LINE_BUCKET_SIZE * 2);
    await db()
      .insertInto('whitelist')
      .values({ email: 'p05@example.com', added_at: confirmedAt, added_by: 'test' })
      .execute();
  }, 60_000);
  afterAll(() => testApp.close());

  it('shows each waiting person’s exact place, in the line’s order when sorted by place', async () => {
    const sorted = await list('sort=place&limit=100');
    // p05 is whitelisted and `unconfirmed` never confirmed: neither waits.
    expect(sorted.pagination.total).toBe(11);
    expect(sorted.signups.map((row) => row.place)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(sorted.signups.map((row) => row.email).slice(0, 3)).toEqual([
      'p00@example.com',
      'p01@example.com',
      'p02@example.com',
    ]);
    // p10 moved forward five places: past tickets 6 to 10 (p05 among them, no longer waiting).
    expect(sorted.signups.findIndex((row) => row.email === 'p10@example.com')).toBe(5);
    for (const row of sorted.signups) {
      expect((await placeInLine(db(), row.id))?.place).toBe(row.place);
    }
    const reversed = await list('sort=place&order=desc&limit=3');
    expect(reversed.signups.map((row) => row.place)).toEqual([11, 10, 9]);
    const second = await list('sort=place&limit=4&offset=4');
    expect(second.signups.map((row) => row.place)).toEqual([5, 6, 7, 8]);
  });

  it('leaves the place out for people not waiting, and counts credited referrals', async () => {
    const all = await list('sort=email&limit=100');
    const byEmail = new Map(all.signups.map((row) => [row.email, row]));
    expect(byEmail.get('unconfirmed@example.com')?.place).toBeUndefined();
    expect(byEmail.get('p05@example.com')?.place).toBeUndefined();
    expect(byEmail.get('p10@example.com')).toMatchObject({ referrals: 1, place: 6 });
    expect(byEmail.get('p01@example.com')?.referrals).toBeUndefined();
    expect(byEmail.get('p03@example.com')?.products).toEqual(['ios', 'chrome']);
    expect(byEmail.get('p01@example.com')?.products).toBeUndefined();
  });

  it('filters by waiting, product and credited referrals', async () => {
    expect((await list('waiting=true&limit=100')).pagination.total).toBe(11);
    expect((await list('waiting=false&limit=100')).signups.map((row) => row.email).sort()).toEqual([
      'p05@example.com',
      'unconfirmed@example.com',
    ]);
    expect((await list('product=chrome')).signups.map((row) => row.email)).toEqual([
      'p03@example.com',
    ]);
    expect((await list('product=android&sort=place')).signups.map((row) => row.place)).toEqual([8]);
    expect((await list('referrer=true')).signups.map((row) => row.email)).toEqual([
      'p10@example.com',
    ]);
    expect((await list('referrer=false&limit=100')).pagination.total).toBe(12);
    const refused = await testApp.app.inject({ url: '/api/admin/signups?product=vr', headers });
    expect(refused.statusCode).toBe(400);
  });

  it('exports the place, the credited referrals and the products in the CSV, in line order', async () => {
    const response = await testApp.app.inject({
      url: '/api/admin/signups/export?sort=place',
      headers,
    });
    expect(response.statusCode).toBe(200);
    const lines = response.body.trim().split(/\r?\n/);
    const header = lines[0]!.split(',');
    expect(header.slice(-3)).toEqual(['place', 'referrals', 'wants']);
    const rows = lines.slice(1).map((line) => line.split(','));
    const email = header.indexOf('email');
    const place = header.indexOf('place');
    expect(rows.map((row) => Number(row[place]))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(rows[5]?.[email]).toBe('p10@example.com');
    expect(rows[5]?.[header.indexOf('referrals')]).toBe('1');
    expect(lines.find((line) => line.includes('p03@example.com'))).toContain('"ios,chrome"');
  });

  it('shows the same places, referrals and products in the users list and its CSV', async () => {
    const signups = await list('sort=email&limit=100');
    for (const query of ['limit=100', 'sort=email&limit=100', 'waiting=true&limit=100']) {
      const response = await testApp.app.inject({ url: `/api/admin/users?${query}`, headers });
      expect(response.statusCode).toBe(200);
      const users = response.json<UsersResponse>().users;
      for (const user of users) {
        const signup = signups.signups.find((row) => row.email === user.email)!;
        expect(
          { place: user.place, referrals: user.referrals ?? 0, products: user.products },
          query,
        ).toEqual({
          place: signup.place,
          referrals: signup.referrals ?? 0,
          products: signup.products,
        });
      }
      expect(users.filter((user) => user.place !== undefined).length).toBe(
        query.startsWith('waiting') ? users.length : 11,
      );
    }
    const csv = await testApp.app.inject({ url: '/api/admin/users/export?waiting=true', headers });
    const lines = csv.body.trim().split(/\r?\n/);
    expect(lines[0]!.split(',').slice(-3)).toEqual(['place', 'referrals', 'wants']);
    expect(lines.find((line) => line.includes('p10@example.com'))).toMatch(/,6,1,$/);
  });

  it('sorts by credited referrals, most first, in both lists, their pages and the CSV', async () => {
    const idOf = async (email: string) =>
      (
        await db()
          .selectFrom('signups')
          .select('id')
          .where('email', '=', email)
          .executeTakeFirstOrThrow()
      ).id;
    const at = new Date('2026-05-02T00:00:00Z').toISOString();
    // p02 brought two friends (credited) and one more held for review, which does not count.
    for (const [n, friend, status] of [
      [1, 'p08@example.com', 'credited'],
      [2, 'p09@example.com', 'credited'],
      [3, 'p04@example.com', 'held'],
    ] as const) {
      await db()
        .insertInto('referrals')
        .values({
          id: `01890000-0000-7000-8000-00000000010${n}`,
          owner_id: await idOf('p02@example.com'),
          friend_id: await idOf(friend),
          status,
          reasons: status === 'held' ? 'burst' : null,
          created_at: at,
          settled_at: at,
          decided_at: null,
          decided_by: null,
        })
        .execute();
    }
    const most = await list('sort=referrals');
    expect(most.signups.map((row) => [row.email, row.referrals])).toEqual([
      ['p02@example.com', 2],
      ['p10@example.com', 1],
    ]);
    expect(most.pagination.total).toBe(2);
    expect((await list('sort=referrals&order=asc')).signups.map((row) => row.email)).toEqual([
      'p10@example.com',
      'p02@example.com',
    ]);
    expect((await list('sort=referrals&limit=1&offset=1')).signups.map((row) => row.email)).toEqual(
      ['p10@example.com'],
    );
    const users = await testApp.app.inject({ url: '/api/admin/users?sort=referrals', headers });
    expect(users.statusCode).toBe(200);
    expect(users.json<UsersResponse>().users.map((row) => [row.email, row.referrals])).toEqual([
      ['p02@example.com', 2],
      ['p10@example.com', 1],
    ]);
    for (const path of ['signups', 'users']) {
      const csv = await testApp.app.inject({
        url: `/api/admin/${path}/export?sort=referrals`,
        headers,
      });
      expect(csv.statusCode).toBe(200);
      const lines = csv.body.trim().split(/\r?\n/).slice(1);
      expect(
        lines.map((line) => /p\d\d@example\.com/.exec(line)?.[0]),
        path,
      ).toEqual(['p02@example.com', 'p10@example.com']);
    }
  });
});
