import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUP_TYPES } from '../../../contract/signup-types.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

const [sqlite] = await testDatabaseKinds();

/** The rule written out again, independently of the server's code, as the test's oracle. */
function acceptable(email: unknown): email is string {
  if (typeof email !== 'string') return false;
  const value = email.trim().toLowerCase();
  const at = value.lastIndexOf('@');
  return (
    /^\S+@\S+\.\S+$/.test(value) &&
    value.length <= 254 &&
    at <= 64 &&
    // eslint-disable-next-line no-control-regex
    !/[\x00-\x1f\x7f-\x9f\u2028\u2029]/.test(value)
  );
}

/**
 * Fastify refuses JSON with a `__proto__` key, or `constructor.prototype`, anywhere in it
 * (prototype poisoning), whatever else the body holds: 400.
 */
function poisoned(body: unknown): boolean {
  const text = JSON.stringify(body);
  if (text === undefined) return false;
  const walk = (value: unknown): boolean => {
    if (typeof value !== 'object' || value === null) return false;
    const own = (key: string) => Object.prototype.hasOwnProperty.call(value, key);
    if (own('__proto__')) return true;
    const constructor = own('constructor') ? (value as Record<string, unknown>).constructor : null;
    if (typeof constructor === 'object' && constructor !== null && 'prototype' in constructor) {
      return true;
    }
    return Object.values(value).some(walk);
  };
  return walk(JSON.parse(text));
}

const emailLike = fc.oneof(
  fc.emailAddress(),
  fc.emailAddress().map((email) => `  ${email.toUpperCase()}\t`),
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 80 }).map((text) => `${text}@${text}.${text}`),
  fc.tuple(fc.string(), fc.string(), fc.string()).map(([a, b, c]) => `${a}@${b}.${c}`),
  fc.constantFrom('', ' ', '@', 'a@b.c', 'a@b.c\r\nBcc: x@y.z', 'a@b.c\u0000', 'a'.repeat(300)),
  fc.anything(),
);

const signupBody = fc.record(
  {
    email: emailLike,
    signupType: fc.oneof(fc.constantFrom(...SIGNUP_TYPES), fc.string(), fc.anything()),
    website: fc.oneof(fc.constant(''), fc.string(), fc.anything()),
    extra: fc.anything(),
  },
  { requiredKeys: [] },
);

describe('signup under random and malformed input', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(sqlite!, { signupRateLimit: { max: 1e9, windowMs: 60_000 } });
  });
  afterAll(() => testApp.close());

  it('answers 2xx or 4xx, never 5xx, and stores exactly the valid addresses', async () => {
    const stored = new Set<string>();
    await fc.assert(
      fc.asyncProperty(signupBody, async (body) => {
        const response = await testApp.app.inject({
          method: 'POST',
          url: '/api/utility/signup',
          payload: body,
        });

        expect(response.statusCode).toBeLessThan(500);
        expect(response.body).not.toMatch(/at .*\.ts:\d+/);
        const valid =
          !poisoned(body) &&
          acceptable(body.email) &&
          (SIGNUP_TYPES as readonly unknown[]).includes(body.signupType) &&
          (body.website === undefined || typeof body.website === 'string');
        expect(response.statusCode).toBe(valid ? 200 : 400);
        if (valid && !body.website) stored.add(String(body.email).trim().toLowerCase());
      }),
      { numRuns: 3000 },
    );

    // The generators must reach the accepting path often enough for the check to mean something.
    expect(stored.size).toBeGreaterThan(100);
    const rows = await testApp.app.database.db.selectFrom('signups').select('email').execute();
    expect(new Set(rows.map((row) => row.email))).toEqual(stored);
  });

  it('answers raw bytes of any kind with a 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.json().map((json) => json.slice(0, -1)),
        ),
        fc.constantFrom(
          'application/json',
          'application/json; charset=utf-8',
          'text/plain',
          'application/octet-stream',
          '',
        ),
        async (payload, contentType) => {
          const response = await testApp.app.inject({
            method: 'POST',
            url: '/api/utility/signup',
            headers: contentType ? { 'content-type': contentType } : {},
            payload,
          });
          expect(response.statusCode).toBeGreaterThanOrEqual(200);
          expect(response.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
