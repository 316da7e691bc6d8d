import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pagination } from '../../../contract/admin.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { adminGetter, registered, whitelisted } from '../../test/admin-test-data.ts';
import { SEARCH_COUNT_LIMIT } from '../../platform/lists/list-page.ts';

const kinds = await testDatabaseKinds();

/** More signups than a search counts: every address holds "crowd", a few also "rare". */
const SIGNUPS = SEARCH_COUNT_LIMIT + 40;
const RARE = 7;

describe.each(kinds)('list totals past the search count limit on $name', (kind) => {
  let testApp: TestApp;
  let get: (url: string) => Promise<LightMyRequestResponse>;
  const pagination = async (list: 'signups' | 'users', query: string) => {
    const response = await get(`/api/admin/${list}?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const { pagination } = response.json<{ pagination: Pagination }>();
    // `totalExact` is there only when false.
    return { total: pagination.total, totalExact: pagination.totalExact ?? true };
  };

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    const db = testApp.app.database.db;
    const start = Date.UTC(2026, 0, 1);
    const rows = Array.from({ length: SIGNUPS }, (_, n) => {
      const at = new Date(start + n * 60_000).toISOString();
      return {
        id: `total-${String(n).padStart(6, '0')}`,
        email: `${n < RARE ? 'rare' : 'crowd'}${n}@crowd.example`,
        program: n % 2 === 0 ? 'CLOSED_ALPHA' : 'BETA',
        source: 'general',
        created_at: at,
        last_signup_at: at,
        confirmed_at: n % 3 === 0 ? at : null,
      };
    });
    for (let from = 0; from < rows.length; from += 1000) {
      await db
        .insertInto('signups')
        .values(rows.slice(from, from + 1000))
        .execute();
    }
    // As autovacuum soon would after a bulk insert: without statistics PostgreSQL takes ten
    // thousand rows for one and may probe the trigram index for each address.
    if (kind.name === 'postgres') await sql`analyze`.execute(db);
    await whitelisted(db, 'crowd100@crowd.example', new Date(start));
    await registered(db, 'crowd101@crowd.example', new Date(start));
    await whitelisted(db, 'nosignup@crowd.example', new Date(start));
    get = await adminGetter(testApp.app);
  });
  afterAll(() => testApp.close());

  it('counts a broad search up to the limit and says the total is "at least"', async () => {
    for (const query of ['search=crowd', 'search=crowd&whitelisted=false']) {
      expect(await pagination('signups', query)).toMatchObject({
        total: SEARCH_COUNT_LIMIT,
        totalExact: false,
      });
    }
    // The limit holds for the signups; the whitelisted address without one is counted on top.
    expect(await pagination('users', 'search=crowd')).toMatchObject({
      total: SEARCH_COUNT_LIMIT + 1,
      totalExact: false,
    });
    expect(await pagination('users', 'search=crowd&registered=false')).toMatchObject({
      total: SEARCH_COUNT_LIMIT,
      totalExact: false,
    });
  });

  it('never says "at least" fewer rows than the pages before', async () => {
    const far = SEARCH_COUNT_LIMIT + 20;
    expect(await pagination('signups', `search=crowd&offset=${far}`)).toMatchObject({
      total: far + 10,
      totalExact: false,
    });
  });

  it('counts a search below the limit, and every list without a search, exactly', async () => {
    expect(await pagination('signups', 'search=rare')).toMatchObject({
      total: RARE,
      totalExact: true,
    });
    expect(await pagination('signups', 'search=rare&limit=3')).toMatchObject({
      total: RARE,
      totalExact: true,
    });
    expect(await pagination('users', 'search=rare&limit=3')).toMatchObject({
      total: RARE,
      totalExact: true,
    });
    expect(await pagination('signups', '')).toMatchObject({
      total: SIGNUPS,
      totalExact: true,
    });
    expect(await pagination('signups', 'whitelisted=false')).toMatchObject({
      total: SIGNUPS - 1,
      totalExact: true,
    });
    expect(await pagination('signups', 'confirmation=confirmed&type=CLOSED_ALPHA')).toMatchObject({
      // Every sixth: confirmed (n % 3 = 0) and even.
      total: Math.ceil(SIGNUPS / 6),
      totalExact: true,
    });
    // Every signup, the whitelisted address without one.
    expect(await pagination('users', '')).toMatchObject({
      total: SIGNUPS + 1,
      totalExact: true,
    });
    expect(await pagination('users', 'sort=email')).toMatchObject({
      total: SIGNUPS + 1,
      totalExact: true,
    });
    expect(await pagination('users', 'type=BETA&sort=created')).toMatchObject({
      total: SIGNUPS / 2,
      totalExact: true,
    });
    expect(await pagination('users', 'registered=false&sort=email')).toMatchObject({
      total: SIGNUPS,
      totalExact: true,
    });
  });
});
