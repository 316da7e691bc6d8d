import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUP_TYPES } from '../../../contract/signup-types.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

const [sqlite] = await testDatabaseKinds();

const ATEXT = /^[a-z0-9!#$%&'*+/=?^_`{|}~\-\p{L}\p{M}\p{N}]+$/u;
const LABEL = /^[a-z0-9\p{L}\p{M}\p{N}]([a-z0-9\p{L}\p{M}\p{N}-]*[a-z0-9\p{L}\p{M}\p{N}])?$/u;
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Cn}\p{Co}\p{Cs}]/u;

/** The address as the server keys it: trimmed, composed, lower-cased. */
function normalised(email: string): string {
  return email.trim().normalize('NFC').toLowerCase();
}

/**
 * The rule written out again, independently of the server's code, as the test's oracle: one
 * mailbox, dot-atoms of atext or letters, marks and digits, within RFC 5321's lengths, nothing
 * invisible.
 */
function acceptable(email: unknown): email is string {
  if (typeof email !== 'string') return false;
  const value = normalised(email);
  const parts = value.split('@');
  if (parts.length !== 2 || value.length > 254 || INVISIBLE.test(value)) return false;
  const [local, domain] = parts as [string, string];
  const labels = domain.split('.');
  return (
    local.length <= 64 &&
    local.split('.').every((atom) => ATEXT.test(atom)) &&
    labels.length >= 2 &&
    labels.every((label) => LABEL.test(label))
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
  // Lists, display names, quoted parts and comments a mail library would read as other mailboxes.
  fc
    .tuple(
      fc.emailAddress(),
      fc.constantFrom(
        ',',
        ';',
        '<',
        '>',
        '"',
        '(',
        ')',
        ' ',
        ':',
        '\\',
        '[',
        ']',
        '\u200b',
        '\u202e',
      ),
      fc.emailAddress(),
    )
    .map(([a, separator, b]) => `${a}${separator}${b}`),
  fc.anything(),
);

const signupBody = fc.record(
  {
    email: emailLike,
    // Weighted towards a well-formed rest, so the address decides often enough.
    signupType: fc.oneof(
      { arbitrary: fc.constantFrom(...SIGNUP_TYPES), weight: 4 },
      { arbitrary: fc.string(), weight: 1 },
      { arbitrary: fc.anything(), weight: 1 },
    ),
    website: fc.oneof(
      { arbitrary: fc.constant(''), weight: 4 },
      { arbitrary: fc.string(), weight: 1 },
      { arbitrary: fc.anything(), weight: 1 },
    ),
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
        if (valid && !body.website) stored.add(normalised(String(body.email)));
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
