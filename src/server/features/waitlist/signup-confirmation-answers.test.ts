import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDate } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { CONFIRMATION_TEMPLATE, confirmSignup } from './confirmation-repository.ts';
import { findSignupByEmail, insertSignup } from './signup-repository.ts';

const kinds = await testDatabaseKinds();

/** Everything a caller can see of an answer, but the clock. */
function visible(response: LightMyRequestResponse) {
  // The date and the request id differ on every answer, whoever asks.
  const { date: _date, 'x-request-id': _requestId, ...headers } = response.headers;
  return { status: response.statusCode, headers, body: response.body };
}

describe.each(kinds)('signup answers with confirmation mails, on $name', (kind) => {
  let on: TestApp;
  let off: TestApp;
  let client = 0;
  // Each answer comes to a caller of its own, as the first request in its rate-limit window.
  const signup = (testApp: TestApp, email: string, extra: Record<string, string> = {}) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/utility/signup',
      remoteAddress: `10.5.0.${++client}`,
      payload: { email, signupType: 'general', ...extra },
    });
  const mailCount = async (testApp: TestApp, email: string) => {
    const row = await testApp.app.database.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('to_address', '=', email)
      .where('template', '=', CONFIRMATION_TEMPLATE)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };
  const earlier = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);
  const form = (email: string) => ({ email, program: 'CLOSED_ALPHA', source: 'general' });

  beforeAll(async () => {
    on = await startTestApp(kind);
    off = await startTestApp(kind, { signupConfirmation: false });
  });
  afterAll(async () => {
    await on.close();
    await off.close();
  });

  it('answers new, known, confirmed and bot signups identically, whatever mail each gets', async () => {
    const db = on.app.database.db;
    // Known and unconfirmed: one signed up two hours ago (due a new mail), one just now (not).
    await insertSignup(db, form('due@example.com'), earlier(2), 'mail');
    await insertSignup(db, form('recent@example.com'), new Date(), 'mail');
    await insertSignup(db, form('confirmed@example.com'), earlier(48), 'mail');
    const confirmed = await findSignupByEmail(db, 'confirmed@example.com');
    await confirmSignup(db, confirmed!.id, earlier(47));

    const fresh = await signup(on, 'fresh@example.com');
    const answers = [
      await signup(on, 'due@example.com'),
      await signup(on, 'recent@example.com'),
      await signup(on, 'confirmed@example.com'),
      await signup(on, 'bot@example.com', { website: 'http://spam.example' }),
      await signup(off, 'unconfirmed-mode@example.com'),
    ];

    expect(fresh.statusCode).toBe(200);
    for (const answer of answers) expect(visible(answer)).toEqual(visible(fresh));
    expect(await mailCount(on, 'fresh@example.com')).toBe(1);
    expect(await mailCount(on, 'due@example.com')).toBe(2);
    expect(await mailCount(on, 'recent@example.com')).toBe(1);
    expect(await mailCount(on, 'confirmed@example.com')).toBe(1);
    expect(await mailCount(on, 'bot@example.com')).toBe(0);
    expect(await findSignupByEmail(db, 'bot@example.com')).toBeUndefined();
  });

  it('with SIGNUP_CONFIRMATION off, stores a new signup confirmed at its creation and mails nothing', async () => {
    expect((await signup(off, 'trusted@example.com')).statusCode).toBe(200);

    const row = await findSignupByEmail(off.app.database.db, 'trusted@example.com');
    expect(row!.confirmed_at).not.toBeNull();
    expect(toDate(row!.confirmed_at!)).toEqual(toDate(row!.created_at));
    expect(await mailCount(off, 'trusted@example.com')).toBe(0);
  });
});
