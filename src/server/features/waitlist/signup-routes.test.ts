import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_EMAIL_MESSAGE } from '../../../contract/email-rules.ts';
import { SIGNUP_TYPES } from '../../../contract/signup-types.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { postJson, startTestApp, type TestApp } from '../../test/test-app.ts';
import { DISPOSABLE_EMAIL_MESSAGE } from '../../platform/addresses/disposable-domains.ts';
import { countSignups, findSignupByEmail, insertSignup } from './signup-repository.ts';

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

describe.each(kinds)('signup at a disposable-mail domain, on $name', (kind) => {
  let testApp: TestApp;
  const signup = (body: unknown) => postJson(testApp.app, '/api/utility/signup', body);
  const db = () => testApp.app.database.db;
  /** Rows that would mean something was kept or a mail queued. */
  const stored = async () => ({
    signups: await countSignups(db()),
    outbox: (await db().selectFrom('mail_outbox').select('id').execute()).length,
  });

  beforeAll(async () => {
    testApp = await startTestApp(kind, { signupRateLimit: { max: 10_000, windowMs: 60_000 } });
  });
  afterAll(() => testApp.close());

  it.each([
    ['mailinator.com', 'someone@mailinator.com'],
    ['guerrillamail.com', 'someone@guerrillamail.com'],
    ['yopmail.com', 'someone@yopmail.com'],
    ['a subdomain', 'someone@x.mailinator.com'],
    ['upper case', 'SOMEONE@MAILINATOR.COM'],
    ['full-width letters (IDNA)', 'someone@ｍａｉｌｉｎａｔｏｒ.com'],
  ])('refuses %s with 400 {error} and stores nothing', async (_label, email) => {
    const before = await stored();
    const response = await signup({ email, signupType: 'general' });

    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toBe(JSON.stringify({ error: 'Please use a permanent email address' }));
    expect(await stored()).toEqual(before);
  });

  it.each(['someone@gmail.com', 'someone@example.com', 'someone@acme-films.se'])(
    'accepts %s',
    async (email) => {
      expect((await signup({ email, signupType: 'general' })).statusCode).toBe(200);
      expect(await findSignupByEmail(db(), email)).toBeDefined();
    },
  );

  it('answers a known address exactly like a new one and leaves its row alone', async () => {
    // Kept from before, e.g. while the domain was allowed.
    await insertSignup(db(), { email: 'kept@mailinator.com', program: 'BETA', source: 'general' });
    const before = await stored();

    const known = await signup({ email: 'kept@mailinator.com', signupType: 'general' });
    const fresh = await signup({ email: 'fresh@mailinator.com', signupType: 'general' });

    expect(known.statusCode).toBe(400);
    expect(known.statusCode).toBe(fresh.statusCode);
    expect(known.body).toBe(fresh.body);
    expect((await findSignupByEmail(db(), 'kept@mailinator.com'))?.signup_count).toBe(1);
    expect(await stored()).toEqual(before);
  });

  it('answers a filled honeypot like a success even with a disposable address', async () => {
    const honest = await signup({ email: 'person@example.org', signupType: 'general' });
    const before = await stored();
    const bot = await signup({
      email: 'bot@mailinator.com',
      signupType: 'general',
      website: 'http://spam.example',
    });

    expect(bot.statusCode).toBe(honest.statusCode);
    expect(bot.body).toBe(honest.body);
    expect(await stored()).toEqual(before);
  });

  it('accepts a listed domain the operator allows, and still refuses the others', async () => {
    const allowing = await startTestApp(kind, { disposableDomainsAllowed: ['mailinator.com'] });
    try {
      const allowed = await postJson(allowing.app, '/api/utility/signup', {
        email: 'team@mailinator.com',
        signupType: 'general',
      });
      const other = await postJson(allowing.app, '/api/utility/signup', {
        email: 'someone@yopmail.com',
        signupType: 'general',
      });

      expect(allowed.statusCode).toBe(200);
      const db = allowing.app.database.db;
      expect(await findSignupByEmail(db, 'team@mailinator.com')).toBeDefined();
      expect(other.statusCode).toBe(400);
      expect(other.json()).toEqual({ error: DISPOSABLE_EMAIL_MESSAGE });
    } finally {
      await allowing.close();
    }
  });
});
