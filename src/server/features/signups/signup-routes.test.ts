import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_EMAIL_MESSAGE } from '../../../contract/email-rules.ts';
import { SIGNUP_TYPES } from '../../../contract/signup-types.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { postJson, startTestApp, type TestApp } from '../../test/test-app.ts';
import { countSignups, findSignupByEmail } from './signup-repository.ts';

const kinds = await testDatabaseKinds();

describe.each(kinds)('POST /api/utility/signup on $name', (kind) => {
  let testApp: TestApp;
  const signup = (body: unknown) => postJson(testApp.app, '/api/utility/signup', body);
  const db = () => testApp.app.database.db;

  beforeAll(async () => {
    testApp = await startTestApp(kind, { signupRateLimit: { max: 10_000, windowMs: 60_000 } });
  });
  afterAll(() => testApp.close());

  it('records a new address trimmed and lower-cased, with the programme and the form', async () => {
    const response = await signup({ email: '  Viewer.One@Example.COM ', signupType: 'hero-top' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, message: expect.any(String) });
    const row = await findSignupByEmail(db(), 'viewer.one@example.com');
    expect(row).toMatchObject({ program: 'CLOSED_ALPHA', source: 'hero-top' });
    expect(new Date(row!.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('answers a repeated address exactly like a new one and keeps one row', async () => {
    const first = await signup({ email: 'repeat@example.com', signupType: 'general' });
    const again = await signup({ email: 'REPEAT@example.com ', signupType: 'get-app-top' });

    expect(again.statusCode).toBe(first.statusCode);
    expect(again.body).toBe(first.body);
    const rows = await db()
      .selectFrom('signups')
      .selectAll()
      .where('email', '=', 'repeat@example.com')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.source).toBe('general');
    expect(rows[0]!.signup_count).toBe(2);
  });

  it.each(SIGNUP_TYPES)('accepts the %s form', async (signupType) => {
    const email = `form-${signupType}@example.com`;
    expect((await signup({ email, signupType })).statusCode).toBe(200);
    expect((await findSignupByEmail(db(), email))?.source).toBe(signupType);
  });

  it('refuses an unknown form type with 400 {error} and stores nothing', async () => {
    const before = await countSignups(db());
    const response = await signup({ email: 'type@example.com', signupType: 'footer' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Unknown signup form' });
    expect(await countSignups(db())).toBe(before);
  });

  it.each([
    ['no at sign', 'viewer.example.com'],
    ['no dot after the at', 'viewer@example'],
    ['a space inside', 'view er@example.com'],
    ['empty', ''],
    ['only spaces', '   '],
    ['a line break', 'viewer@exa\nmple.com'],
    ['a control character', 'viewer@exa\u0007mple.com'],
    ['a local part over 64 characters', `${'a'.repeat(65)}@example.com`],
    ['more than 254 characters', `a@${'b'.repeat(249)}.com`],
    ['a number instead of text', 42],
    ['null', null],
  ])('refuses an address with %s', async (_label, email) => {
    const before = await countSignups(db());
    const response = await signup({ email, signupType: 'general' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: INVALID_EMAIL_MESSAGE });
    expect(await countSignups(db())).toBe(before);
  });

  it('accepts addresses at the RFC length limits', async () => {
    const local64 = `${'a'.repeat(64)}@example.com`;
    const total254 = `a@${'b'.repeat(248)}.com`;
    expect(total254).toHaveLength(254);

    expect((await signup({ email: local64, signupType: 'general' })).statusCode).toBe(200);
    expect((await signup({ email: total254, signupType: 'general' })).statusCode).toBe(200);
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const honest = await signup({ email: 'human@example.com', signupType: 'general' });
    const bot = await signup({
      email: 'bot@example.com',
      signupType: 'general',
      website: 'http://spam.example',
    });

    expect(bot.statusCode).toBe(honest.statusCode);
    expect(bot.body).toBe(honest.body);
    expect(await findSignupByEmail(db(), 'bot@example.com')).toBeUndefined();
  });

  it('refuses a body that is not an object', async () => {
    for (const body of [[], 'text', 7, null]) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/utility/signup',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: 'The request body must be a JSON object' });
    }
  });
});

describe.each(kinds)('signup when the database fails, on $name', (kind) => {
  it('answers 503 with a clear {error} and logs the cause', async () => {
    const testApp = await startTestApp(kind);
    await testApp.app.database.close();

    const response = await postJson(testApp.app, '/api/utility/signup', {
      email: 'later@example.com',
      signupType: 'general',
    });

    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: "We couldn't save your signup right now. Please try again in a moment.",
    });
    await testApp.close();
  });
});
