import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_WHITELISTED_MESSAGE } from '../../../contract/app-registration.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { appIdToken } from '../../test/app-id-token.ts';
import { startListeningApp } from '../../test/listening-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { LOCAL_APP_CLIENT_ID } from '../auth/embedded-provider.ts';

const kinds = await testDatabaseKinds();

describe.each(kinds)('POST /api/app/register on $name', (kind) => {
  let testApp: TestApp & { origin: string };
  const register = (idToken: string) =>
    fetch(`${testApp.origin}/api/app/register`, {
      method: 'POST',
      headers: { authorization: `Bearer ${idToken}` },
    });

  beforeAll(async () => {
    testApp = await startListeningApp(kind);
    await testApp.app.database.db
      .insertInto('whitelist')
      .values({ email: 'early@example.com', added_at: new Date().toISOString(), added_by: 'test' })
      .execute();
  });
  afterAll(() => testApp.close());

  it('registers a whitelisted user once and records the date', async () => {
    const idToken = await appIdToken(testApp.origin, 'Early@Example.com');

    const first = await register(idToken);
    expect(first.status).toBe(200);
    const body = (await first.json()) as { uid: string; email: string; registeredAt: string };
    expect(body).toMatchObject({ email: 'early@example.com', uid: expect.any(String) });

    const again = await register(idToken);
    expect(await again.json()).toEqual(body);
    const rows = await testApp.app.database.db.selectFrom('app_users').selectAll().execute();
    expect(rows.filter((row) => row.email === 'early@example.com')).toHaveLength(1);
  });

  it('refuses an address that is not whitelisted with 403', async () => {
    const response = await register(await appIdToken(testApp.origin, 'later@example.com'));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: NOT_WHITELISTED_MESSAGE });
  });

  it('refuses a missing, forged or tampered token with 401', async () => {
    const idToken = await appIdToken(testApp.origin, 'early@example.com');
    const [header, payload, signature] = idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, email: 'other@example.com' })).toString('base64url')}.${signature}`;

    expect((await fetch(`${testApp.origin}/api/app/register`, { method: 'POST' })).status).toBe(
      401,
    );
    expect((await register('not-a-token')).status).toBe(401);
    expect((await register(tampered)).status).toBe(401);
  });

  it('refuses an ID token issued to another client (the admin web client)', async () => {
    // The web client's tokens never leave the server, but an audience check must still hold.
    const idToken = await appIdToken(testApp.origin, 'early@example.com');
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as {
      aud: string;
    };
    expect(claims.aud).toBe(LOCAL_APP_CLIENT_ID);
  });
});

describe.each(kinds)('POST /api/app/register under its rate limit, on $name', (kind) => {
  const max = 3;
  let testApp: TestApp & { origin: string };
  const register = (authorization?: string, remoteAddress = '10.9.0.1') =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/app/register',
      remoteAddress,
      headers: authorization ? { authorization } : {},
    });

  beforeAll(async () => {
    testApp = await startListeningApp(kind, { appRateLimit: { max, windowMs: 60_000 } });
    await testApp.app.database.db
      .insertInto('whitelist')
      .values({
        email: 'counted@example.com',
        added_at: new Date().toISOString(),
        added_by: 'test',
      })
      .execute();
  });
  afterAll(() => testApp.close());

  it(`answers 429 past ${max} calls a window from one client, counting refused tokens too`, async () => {
    const valid = `Bearer ${await appIdToken(testApp.origin, 'counted@example.com')}`;
    const answers = [
      await register(valid),
      await register('Bearer not-a-token'),
      await register(),
      await register(valid),
      await register('Bearer not-a-token'),
    ];

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 401, 429, 429]);
    expect(answers[3]!.json()).toEqual({ message: expect.stringMatching(/^Too many attempts/) });
    expect(answers[3]!.headers['retry-after']).toBeDefined();
    // Another client is counted on its own.
    expect((await register(valid, '10.9.0.2')).statusCode).toBe(200);
    const rows = await testApp.app.database.db.selectFrom('app_users').selectAll().execute();
    expect(rows).toHaveLength(1);
  });
});
