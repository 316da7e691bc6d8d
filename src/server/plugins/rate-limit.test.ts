import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test/databases.ts';
import { REDIS_URL, redisAvailable } from '../test/redis.ts';
import { postJson, startTestApp, type TestApp } from '../test/test-app.ts';

const kinds = await testDatabaseKinds();
const [sqlite] = kinds;
const withRedis = await redisAvailable();
const limit = { max: 3, windowMs: 60_000 };
let opened: TestApp[] = [];

afterEach(async () => {
  await Promise.all(opened.map((testApp) => testApp.close()));
  opened = [];
});

async function open(overrides: Parameters<typeof startTestApp>[1] = {}, kind = sqlite!) {
  const testApp = await startTestApp(kind, { signupRateLimit: limit, ...overrides });
  opened.push(testApp);
  return testApp;
}

function signup(testApp: TestApp, n: number) {
  return postJson(testApp.app, '/api/utility/signup', {
    email: `limit-${n}@example.com`,
    signupType: 'general',
  });
}

describe('signup rate limit', () => {
  it('answers 429 with {error} once a client passes the limit, and stores nothing more', async () => {
    const testApp = await open();
    for (let n = 0; n < limit.max; n++) expect((await signup(testApp, n)).statusCode).toBe(200);

    const refused = await signup(testApp, 99);

    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'Too many attempts. Please try again in 1 minute.' });
    expect(refused.headers['retry-after']).toBeDefined();
    const rows = await testApp.app.database.db.selectFrom('signups').select('email').execute();
    expect(rows).toHaveLength(limit.max);
  });

  it('counts each client on its own', async () => {
    const testApp = await open();
    const from = (remoteAddress: string, n: number) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/utility/signup',
        remoteAddress,
        payload: { email: `client-${remoteAddress}-${n}@example.com`, signupType: 'general' },
      });
    for (let n = 0; n <= limit.max; n++) await from('10.0.0.1', n);

    expect((await from('10.0.0.1', 100)).statusCode).toBe(429);
    expect((await from('10.0.0.2', 100)).statusCode).toBe(200);
  });

  it.runIf(withRedis)('is shared through Redis by every instance', async () => {
    // A fresh address per run keeps earlier runs' counters out of this one.
    const remoteAddress = `10.${randomBytes(3).join('.')}`;
    const first = await open({ redisUrl: REDIS_URL });
    const second = await open({ redisUrl: REDIS_URL });
    const send = (testApp: TestApp, n: number) =>
      testApp.app.inject({
        method: 'POST',
        url: '/api/utility/signup',
        remoteAddress,
        payload: { email: `shared-${n}@example.com`, signupType: 'general' },
      });

    const answers = [];
    for (let n = 0; n < limit.max + 1; n++)
      answers.push((await send(n % 2 ? second : first, n)).statusCode);

    expect(answers).toEqual([200, 200, 200, 429]);
  });

  it('lets signups through when Redis is unreachable', async () => {
    const testApp = await open({ redisUrl: 'redis://127.0.0.1:1' });
    expect((await signup(testApp, 1)).statusCode).toBe(200);
  });
});

/** A signup by the JSON call or by the form without JavaScript, from `remoteAddress`. */
function signupBy(
  way: 'json' | 'form',
  testApp: TestApp,
  email: string,
  remoteAddress = '127.0.0.1',
) {
  return way === 'json'
    ? testApp.app.inject({
        method: 'POST',
        url: '/api/utility/signup',
        remoteAddress,
        payload: { email, signupType: 'general' },
      })
    : testApp.app.inject({
        method: 'POST',
        url: '/signup',
        remoteAddress,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email, signupType: 'general' }).toString(),
      });
}

const ACCEPTED = { json: 200, form: 303 };

describe.each(kinds)('one signup limit over every way to sign up, on $name', (kind) => {
  it.each([
    { max: 1, first: 'json' as const },
    { max: 3, first: 'form' as const },
    { max: 4, first: 'json' as const },
  ])('takes turns of the JSON call and the form to $max in all', async ({ max, first }) => {
    const testApp = await open({ signupRateLimit: { max, windowMs: 60_000 } }, kind);
    const ways = Array.from({ length: max + 2 }, (_, n) =>
      n % 2 === 0 ? first : first === 'json' ? 'form' : 'json',
    );
    const answers = [];
    for (const [n, way] of ways.entries()) {
      answers.push((await signupBy(way, testApp, `turns-${n}@example.com`)).statusCode);
    }

    expect(answers).toEqual(ways.map((way, n) => (n < max ? ACCEPTED[way] : 429)));
    const rows = await testApp.app.database.db.selectFrom('signups').select('email').execute();
    expect(rows).toHaveLength(max);
  });

  it('refuses both ways once either used the limit up, with each way its own answer', async () => {
    const testApp = await open({}, kind);
    for (let n = 0; n < limit.max; n++) await signupBy('form', testApp, `form-${n}@example.com`);

    const json = await signupBy('json', testApp, 'late@example.com');
    expect(json.statusCode).toBe(429);
    expect(json.json()).toEqual({ error: expect.stringMatching(/^Too many attempts/) });
    const form = await signupBy('form', testApp, 'late@example.com');
    expect(form.statusCode).toBe(429);
    expect(form.headers['content-type']).toBe('text/html; charset=utf-8');
    // Another client is counted on its own, by either way.
    expect((await signupBy('json', testApp, 'other@example.com', '10.0.0.5')).statusCode).toBe(200);
  });

  it.runIf(withRedis)('is one limit in Redis too, over both ways and every instance', async () => {
    const remoteAddress = `10.${randomBytes(3).join('.')}`;
    const first = await open({ redisUrl: REDIS_URL }, kind);
    const second = await open({ redisUrl: REDIS_URL }, kind);
    const turns = [
      ['json', first],
      ['form', second],
      ['form', first],
      ['json', second],
      ['form', first],
    ] as const;
    const answers = [];
    for (const [n, [way, testApp]] of turns.entries()) {
      answers.push(
        (await signupBy(way, testApp, `redis-${n}@example.com`, remoteAddress)).statusCode,
      );
    }

    expect(answers).toEqual([200, 303, 303, 429, 429]);
  });
});
