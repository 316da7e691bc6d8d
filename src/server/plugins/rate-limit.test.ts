import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test/databases.ts';
import { REDIS_URL, redisAvailable } from '../test/redis.ts';
import { postJson, startTestApp, type TestApp } from '../test/test-app.ts';

const [sqlite] = await testDatabaseKinds();
const withRedis = await redisAvailable();
const limit = { max: 3, windowMs: 60_000 };
let opened: TestApp[] = [];

afterEach(async () => {
  await Promise.all(opened.map((testApp) => testApp.close()));
  opened = [];
});

async function open(overrides: Parameters<typeof startTestApp>[1] = {}) {
  const testApp = await startTestApp(sqlite!, { signupRateLimit: limit, ...overrides });
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
