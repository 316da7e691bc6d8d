import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders } from '../../test/admin-session.ts';
import { POSTGRES_URL, testDatabaseKinds } from '../../test/databases.ts';
import { startListeningApp } from '../../test/listening-app.ts';
import { slowGet, type SlowClient } from '../../test/slow-client.ts';
import type { TestApp } from '../../test/test-app.ts';
import { actingAddress } from '../../platform/http/admin-request.ts';
import { createApiToken } from '../auth/api-token-repository.ts';
import { manySignups } from '../../test/admin-test-data.ts';
import { exportSlots, type ExportLimits } from './export-limits.ts';

const kinds = await testDatabaseKinds();
const ADMIN = 'curator@example.com';
const VIEWER = 'onlooker@example.com';
const OTHER_VIEWER = 'bystander@example.com';
/** About 14 MB of CSV: more than the kernel and Node buffer between the service and a client. */
const ROWS = 100_000;
const SIGNUPS = '/api/admin/signups/export';
const USERS = '/api/admin/users/export';
/** A client reading this slowly holds its export open for as long as a test runs. */
const ONE_KB_A_SECOND = 1024;

const LIMITS: ExportLimits = {
  perUser: 2,
  total: 3,
  statementTimeoutMs: 600_000,
  minBytesPerSecond: 0,
  minRateWindowMs: 30_000,
};

describe('export places', () => {
  it('count per person and in all, and come back once however often given back', () => {
    const slots = exportSlots({ perUser: 2, total: 3, minRateWindowMs: 30_000 });
    const first = slots.take('ana@example.com');
    const second = slots.take('ana@example.com');
    expect(slots.take('ana@example.com')).toEqual({
      message: 'You already have 2 exports running. Please try again in 30 seconds.',
      retryAfterSeconds: 30,
    });
    expect(typeof slots.take('bo@example.com')).toBe('function');
    expect(slots.take('cy@example.com')).toMatchObject({
      message: 'Too many exports are running. Please try again in 30 seconds.',
    });
    expect(slots.running()).toBe(3);
    if (typeof first !== 'function' || typeof second !== 'function') throw new Error('refused');
    first();
    first();
    first();
    expect(slots.running()).toBe(2);
    expect(typeof slots.take('cy@example.com')).toBe('function');
    expect(slots.take('ana@example.com')).toMatchObject({ retryAfterSeconds: 30 });
    second();
    expect(typeof slots.take('ana@example.com')).toBe('function');
  });

  it('belong to the address a session or token acts for', () => {
    expect(actingAddress({ uid: 'google-123', email: 'ana@example.com' })).toBe('ana@example.com');
    expect(
      actingAddress({ uid: 'api-token:0190', email: 'ana@example.com via token rsk_…ab12' }),
    ).toBe('ana@example.com');
  });
});

describe.each(kinds)('export limits on $name', (kind) => {
  let testApp: TestApp & { origin: string };
  let port: number;
  const headers: Record<string, Record<string, string>> = {};
  const lines: Record<string, unknown>[] = [];
  const open: SlowClient[] = [];

  beforeAll(async () => {
    testApp = await startListeningApp(kind, {
      exports: { ...LIMITS },
      logLevel: 'warn',
      logDestination: {
        write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>),
      },
    });
    port = Number(new URL(testApp.origin).port);
    testApp.app.config.adminEmails = new Set([ADMIN]);
    testApp.app.config.viewerEmails = new Set([VIEWER, OTHER_VIEWER]);
    await manySignups(testApp.app.database.db, ROWS);
    for (const email of [ADMIN, VIEWER, OTHER_VIEWER]) {
      headers[email] = (await adminHeaders(testApp.app, email)).headers;
    }
  });
  afterEach(async () => {
    lines.length = 0;
    for (const client of open.splice(0)) client.abort();
    Object.assign(testApp.app.config.exports, LIMITS);
    await expect.poll(() => testApp.app.exportSlots.running(), { timeout: 5000 }).toBe(0);
  });
  afterAll(() => testApp.close());

  /** An export read at 1 KB/s, which keeps its slot until the test is over. */
  const slowExport = (email: string, path = SIGNUPS) => {
    const client = slowGet(port, path, headers[email]!, ONE_KB_A_SECOND);
    open.push(client);
    return client;
  };
  /** An export read as fast as it comes: the status, Retry-After, and the body. */
  const fastExport = async (email: string, path = SIGNUPS, extra: Record<string, string> = {}) => {
    const response = await fetch(`${testApp.origin}${path}`, {
      headers: { ...headers[email], ...extra },
    });
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: await response.text(),
    };
  };
  const busyConnections = () => {
    const { total, idle } = testApp.app.database.poolUse();
    return kind.name === 'postgres' ? total - idle : 0;
  };

  it('refuses a third export of one person and a fourth of everyone with 429 and Retry-After', async () => {
    const mine = [slowExport(ADMIN), slowExport(ADMIN)];
    expect(await Promise.all(mine.map((client) => client.status))).toEqual([200, 200]);

    const third = await fastExport(ADMIN);
    expect(third.status).toBe(429);
    expect(third.retryAfter).toBe('30');
    expect(JSON.parse(third.body)).toEqual({
      message: 'You already have 2 exports running. Please try again in 30 seconds.',
    });
    // The person's API token and the other list count with the person's sessions.
    const { token } = await createApiToken(testApp.app.database.db, {
      name: 'script',
      scope: 'read',
      createdBy: ADMIN,
    });
    const byToken = await fetch(`${testApp.origin}${USERS}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(byToken.status).toBe(429);
    expect(byToken.headers.get('retry-after')).toBe('30');

    expect(await slowExport(VIEWER).status).toBe(200);
    const fourth = await fastExport(OTHER_VIEWER, USERS);
    expect(fourth.status).toBe(429);
    expect(fourth.retryAfter).toBe('30');
    expect(JSON.parse(fourth.body)).toEqual({
      message: 'Too many exports are running. Please try again in 30 seconds.',
    });
    expect(lines.filter((line) => line.msg === 'rate limit reached')).not.toHaveLength(0);
  });

  it('gives a place back when its client goes away and when its export is over', async () => {
    const [first] = [slowExport(ADMIN), slowExport(ADMIN), slowExport(VIEWER)];
    await Promise.all(open.map((client) => client.status));
    expect((await fastExport(OTHER_VIEWER)).status).toBe(429);

    first.abort();
    await expect
      .poll(async () => (await fastExport(OTHER_VIEWER, `${USERS}?search=none`)).status, {
        timeout: 5000,
      })
      .toBe(200);
    // That export ran to its end and gave its place back in turn; so did the one stopped.
    const whole = await fastExport(OTHER_VIEWER);
    expect(whole.status).toBe(200);
    expect(whole.body.split('\r\n').filter(Boolean)).toHaveLength(1 + ROWS);
    // The person's stopped export no longer counts: one held, one more may start.
    expect(await slowExport(ADMIN).status).toBe(200);
    const third = await fastExport(ADMIN);
    expect(third.status).toBe(429);
    expect(third.body).toContain('You already have 2 exports running.');
  });

  it('cuts a client that reads too slowly, letting go of the database at once', async () => {
    Object.assign(testApp.app.config.exports, { minBytesPerSecond: 16_384, minRateWindowMs: 1000 });
    const slow = slowExport(VIEWER);
    expect(await slow.status).toBe(200);
    const cut = () => lines.find((line) => line.msg === 'export cut: the client read too slowly');
    await expect.poll(cut, { timeout: 15_000 }).toBeDefined();
    expect(cut()).toMatchObject({ level: 40, list: 'signups', minBytesPerSecond: 16_384 });
    expect(cut()!.bytesPerSecond).toBeLessThan(16_384);
    expect(JSON.stringify(cut())).not.toMatch(/@|127\.0\.0\.1/);
    // The place comes back when the cut response has closed, just after the log line.
    await expect.poll(() => testApp.app.exportSlots.running(), { timeout: 2000 }).toBe(0);
    await expect.poll(busyConnections, { timeout: 2000 }).toBe(0);

    // A client that keeps up is never cut, however strict the minimum.
    const cuts = lines.filter((line) => line === cut()).length;
    const whole = await fastExport(VIEWER);
    expect(whole.status).toBe(200);
    expect(whole.body.split('\r\n').filter(Boolean)).toHaveLength(1 + ROWS);
    const small = await fastExport(VIEWER, `${USERS}?search=bulk12345`);
    expect(small.body.split('\r\n').filter(Boolean)).toHaveLength(2);
    expect(lines.filter((line) => line === cut())).toHaveLength(cuts);
  });

  it.runIf(kind.name === 'postgres')(
    'ends an export statement that runs past the timeout, on either list',
    async () => {
      Object.assign(testApp.app.config.exports, { statementTimeoutMs: 300 });
      const schema = (testApp.app.config.database as { schema: string }).schema;
      const locker = new pg.Client({ connectionString: POSTGRES_URL });
      await locker.connect();
      try {
        // Until the lock goes, no statement can read the signups.
        await locker.query(`begin; lock table ${schema}.signups in access exclusive mode`);
        for (const path of [SIGNUPS, USERS]) {
          const started = Date.now();
          const response = await fetch(`${testApp.origin}${path}`, { headers: headers[ADMIN] });
          expect(response.status, path).toBe(200);
          await expect(response.text(), path).rejects.toThrow();
          expect(Date.now() - started, path).toBeLessThan(5000);
        }
        const stopped = lines.filter((line) => line.msg === 'export stopped before its end');
        expect(stopped.map((line) => [line.list, line.code, line.reason])).toEqual([
          ['signups', '57014', 'statement timeout'],
          ['users', '57014', 'statement timeout'],
        ]);
      } finally {
        await locker.query('rollback');
        await locker.end();
      }
      await expect.poll(busyConnections, { timeout: 2000 }).toBe(0);
      Object.assign(testApp.app.config.exports, { statementTimeoutMs: LIMITS.statementTimeoutMs });
      const whole = await fastExport(ADMIN);
      expect(whole.body.split('\r\n').filter(Boolean)).toHaveLength(1 + ROWS);
      // The timeout was the export's own: no pooled connection keeps it.
      const settings = await Promise.all(
        Array.from({ length: 8 }, () =>
          sql<{ statement_timeout: string }>`show statement_timeout`.execute(
            testApp.app.database.db,
          ),
        ),
      );
      expect(settings.map(({ rows }) => rows[0]!.statement_timeout)).toEqual(
        Array.from({ length: 8 }, () => '0'),
      );
    },
  );
});
