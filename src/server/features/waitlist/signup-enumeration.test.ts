import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { referralCodeFor } from '../../platform/line/referrals.ts';
import { countSignups } from './signup-repository.ts';

const kinds = await testDatabaseKinds();

/** Everything a caller can see of an answer, but the clock. */
function visible(response: LightMyRequestResponse) {
  // The date and the request id differ on every answer, whoever asks.
  const { date: _date, 'x-request-id': _requestId, ...headers } = response.headers;
  return { status: response.statusCode, headers, body: response.body };
}

describe.each(kinds)('signup does not reveal who is on the list, on $name', (kind) => {
  let testApp: TestApp;
  let client = 0;
  // Each answer comes to a caller of its own, as the first request in its rate-limit window,
  // so the limiter's headers are the same for all of them too.
  const signup = (email: string, extra: Record<string, string> = {}) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/utility/signup',
      remoteAddress: `10.1.0.${++client}`,
      payload: { email, signupType: 'general', ...extra },
    });

  beforeAll(async () => {
    testApp = await startTestApp(kind);
  });
  afterAll(() => testApp.close());

  it('answers a new address, a repeat, and a repeat differing in case and spaces identically', async () => {
    const fresh = await signup('listed@example.com');
    const repeated = await signup('listed@example.com');
    const recased = await signup('  LISTED@Example.com\t');
    const another = await signup('another@example.com');

    expect(fresh.statusCode).toBe(200);
    for (const answer of [repeated, recased, another])
      expect(visible(answer)).toEqual(visible(fresh));
    expect(await countSignups(testApp.app.database.db)).toBe(2);
  });

  it('answers a referred signup like any other, whether the code is someone’s, unknown, one’s own or malformed', async () => {
    const owner = await signup('owner@example.com');
    const row = await testApp.app.database.db
      .selectFrom('signups')
      .select('id')
      .where('email', '=', 'owner@example.com')
      .executeTakeFirstOrThrow();
    const code = (await referralCodeFor(testApp.app.database.db, row.id))!;
    const answers = [
      await signup('friend@example.com', { ref: code }),
      await signup('friend2@example.com', { ref: 'zzzzzzzzzz' }),
      await signup('owner@example.com', { ref: code }),
      await signup('friend3@example.com', { ref: 'not a code!' }),
      await signup('friend@example.com', { ref: code }),
      await signup('bot2@example.com', { ref: code, website: 'http://spam.example' }),
    ];
    for (const answer of answers) expect(visible(answer)).toEqual(visible(owner));
    const referrals = await testApp.app.database.db
      .selectFrom('referrals')
      .select('owner_id')
      .execute();
    expect(referrals).toEqual([{ owner_id: row.id }]);
  });

  it('answers a dropped bot (honeypot filled) like a real signup', async () => {
    const human = await signup('human@example.com');
    const bot = await signup('bot@example.com', { website: 'http://spam.example' });

    expect(visible(bot)).toEqual(visible(human));
  });
});
