import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from './features/auth/admin-guard.ts';
import { BACKEND_HEADER, startBalancer, type Balancer } from './test/balancer.ts';
import { testDatabaseKinds } from './test/databases.ts';
import { Browser } from './test/listening-app.ts';
import {
  createFreshPostgresDatabase,
  type FreshPostgresDatabase,
} from './test/postgres-database.ts';
import { REDIS_URL, redisAvailable } from './test/redis.ts';
import { startServiceProcess, type ServiceProcess } from './test/service-process.ts';

const withPostgres = (await testDatabaseKinds()).some((kind) => kind.name === 'postgres');
const withRedis = await redisAvailable();
const ADMIN = 'scale-admin@example.com';
const SIGNUP_LIMIT = 3;
const MIGRATIONS = readdirSync(resolve(import.meta.dirname, 'db', 'migrations'))
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .map((file) => file.replace(/\.ts$/, ''))
  .sort();

type Backend = 'a' | 'b';

/** A browser behind the balancer whose every request goes to the instance `route` names. */
class BalancedBrowser extends Browser {
  route: () => Backend = () => 'a';

  /** Each request to the other instance than the one before. */
  alternate(first: Backend = 'a') {
    let next = first;
    this.route = () => {
      const backend = next;
      next = next === 'a' ? 'b' : 'a';
      return backend;
    };
  }

  pin(backend: Backend) {
    this.route = () => backend;
  }

  override request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set(BACKEND_HEADER, this.route());
    return super.request(url, { ...init, headers });
  }
}

/** The popup's journey: our login, the provider's sign-in page and form, our callback. */
async function signIn(browser: Browser, email: string): Promise<Response> {
  const { url: loginPage } = await browser.follow('/api/auth/login', (next) =>
    next.pathname.startsWith('/api/auth/local-login/'),
  );
  const page = await browser.request(loginPage.href);
  expect(page.status).toBe(200);
  const submitted = await browser.request(loginPage.href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, name: 'Scale Admin' }).toString(),
  });
  expect(submitted.status).toBe(303);
  const { url: callback } = await browser.follow(
    submitted.headers.get('location') ?? '',
    (next) => next.pathname === '/api/auth/callback',
  );
  return browser.request(callback.href);
}

describe.runIf(withPostgres)('two service processes on one PostgreSQL database', () => {
  let database: FreshPostgresDatabase;
  let balancer: Balancer;
  const instances: Partial<Record<Backend, ServiceProcess>> = {};
  let started: PromiseSettledResult<ServiceProcess>[] = [];
  // Behind the balancer every request carries the client's address; one of our own per run
  // keeps the shared Redis counter apart from any other run's.
  const clientAddress = `10.${randomBytes(3).join('.')}`;
  const instance = (backend: Backend) => instances[backend]!;

  beforeAll(async () => {
    database = await createFreshPostgresDatabase();
    // The public origin exists before the services do: they name it in PUBLIC_URL.
    const backends: Record<Backend, string> = { a: '', b: '' };
    balancer = await startBalancer(backends);
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: database.url,
      PUBLIC_URL: balancer.origin,
      ADMIN_EMAILS: ADMIN,
      // The balancer's address: its X-Forwarded-For counts, a client's own would not.
      TRUST_PROXY: '127.0.0.1',
      SIGNUP_RATE_LIMIT_MAX: String(SIGNUP_LIMIT),
      ...(withRedis ? { REDIS_URL } : {}),
    };
    // Both at the same moment, on an empty database: both run the migrations' start-up.
    started = await Promise.allSettled([startServiceProcess(env), startServiceProcess(env)]);
    const [a, b] = started;
    if (a?.status === 'fulfilled') instances.a = a.value;
    if (b?.status === 'fulfilled') instances.b = b.value;
    backends.a = instances.a?.origin ?? 'http://127.0.0.1:1';
    backends.b = instances.b?.origin ?? 'http://127.0.0.1:1';
  }, 90_000);

  afterAll(async () => {
    await Promise.all(Object.values(instances).map((service) => service.stop()));
    await balancer?.close();
    await database?.drop();
    if (withRedis) {
      const redis = new Redis(REDIS_URL);
      // The signup limiter's counter (its key holds the client after a prefix of the plugin's).
      const keys = await redis.keys(`reelscore:rate-limit:*signup:${clientAddress}`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
  }, 30_000);

  it('both start together on the empty database, become healthy and migrate once', async () => {
    for (const result of started) {
      if (result.status === 'rejected') throw result.reason;
    }
    for (const backend of ['a', 'b'] as const) {
      const response = await fetch(`${instance(backend).origin}/api/health`);
      expect(response.status, backend).toBe(200);
      expect(await response.json()).toMatchObject({ status: 'ok', checks: { database: 'ok' } });
    }
    const applied = await database.query<{ name: string }>(
      'select name from kysely_migration order by name',
    );
    expect(applied.map((row) => row.name)).toEqual(MIGRATIONS);
    const locks = await database.query<{ id: string }>('select id from kysely_migration_lock');
    expect(locks).toHaveLength(1);
  });

  it('signs in across both instances, and a sign-out on one ends the session on the other', async () => {
    const browser = new BalancedBrowser(balancer.origin);
    browser.alternate('a');
    const from = balancer.log.length;
    const callback = await signIn(browser, ADMIN);
    expect(callback.status).toBe(200);
    const token = browser.cookie(SESSION_COOKIE);
    expect(token).toBeTruthy();

    // Every step of the journey landed on the other instance than the step before it.
    const journey = balancer.log
      .slice(from)
      .filter((hop) => !hop.path.startsWith('/oidc/.well-known') && hop.path !== '/oidc/jwks');
    const step = (method: string, path: RegExp) => {
      const hop = journey.find(
        (candidate) => candidate.method === method && path.test(candidate.path),
      );
      expect(hop, `${method} ${String(path)}`).toBeDefined();
      return hop!.backend;
    };
    const loginStarted = step('GET', /^\/api\/auth\/login$/);
    const authorized = step('GET', /^\/oidc\/auth$/);
    const formShown = step('GET', /^\/api\/auth\/local-login\//);
    const formSent = step('POST', /^\/api\/auth\/local-login\//);
    const finished = step('GET', /^\/api\/auth\/callback$/);
    expect([loginStarted, authorized, formShown, formSent]).toEqual(['a', 'b', 'a', 'b']);
    expect(finished).toBe('b');

    for (const backend of ['a', 'b'] as const) {
      browser.pin(backend);
      const session = await browser.request('/api/auth/session');
      expect(session.status, backend).toBe(200);
      expect(await session.json()).toMatchObject({ email: ADMIN, isAdmin: true });
      const users = await browser.request('/api/admin/users');
      expect(users.status, backend).toBe(200);
      expect(await users.json()).toMatchObject({ users: expect.any(Array) });
    }

    browser.pin('a');
    const logout = await browser.request('/api/auth/logout', {
      method: 'POST',
      headers: { origin: balancer.origin },
    });
    expect(logout.status).toBe(204);

    // The same token, replayed on the other instance, no longer opens anything.
    for (const path of ['/api/auth/session', '/api/admin/users']) {
      const replayed = await fetch(`${balancer.origin}${path}`, {
        headers: { cookie: `${SESSION_COOKIE}=${token}`, [BACKEND_HEADER]: 'b' },
      });
      expect(replayed.status, path).toBe(401);
    }
  });

  it.runIf(withRedis)(
    'shares the signup rate limit: the limit holds for both together',
    async () => {
      const statuses: number[] = [];
      for (let n = 0; n < SIGNUP_LIMIT * 2; n++) {
        const backend = n % 2 === 0 ? 'a' : 'b';
        const response = await fetch(`${instance(backend).origin}/api/utility/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress },
          body: JSON.stringify({ email: `scale-${n}@example.com`, signupType: 'general' }),
        });
        statuses.push(response.status);
        if (response.status === 429) {
          expect(await response.json()).toEqual({ error: expect.stringContaining('Too many') });
        }
      }

      expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
      const stored = await database.query<{ count: string }>('select count(*) from signups');
      expect(Number(stored[0]?.count)).toBe(SIGNUP_LIMIT);
    },
  );
});
