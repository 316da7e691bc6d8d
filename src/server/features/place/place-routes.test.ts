import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { testDatabaseKinds } from '../../test/databases.ts';
import { expectPersonPage } from '../../test/person-pages.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { unsubscribeSecret } from '../../platform/links/unsubscribe-token.ts';
import {
  confirmationUrl,
  type ConfirmationParams,
} from '../../platform/links/confirmation-token.ts';
import { placePath, placeToken, YOUR_PLACE_TEMPLATE_ID } from '../../platform/links/place-link.ts';
import { foldLineBuckets } from '../../platform/line/line.ts';
import { findSignupByEmail } from '../waitlist/signup-repository.ts';

const kinds = await testDatabaseKinds();

const BROWSER = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const SCRIPT = { accept: 'application/json' };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(kinds)('the person’s page on $name', (kind) => {
  let testApp: TestApp;
  let secret: string;
  let client = 0;
  const db = () => testApp.app.database.db;
  const nextAddress = () => `10.7.${Math.floor(++client / 250)}.${client % 250}`;

  const get = (url: string, headers: Record<string, string> = BROWSER) =>
    testApp.app.inject({ method: 'GET', url, headers, remoteAddress: nextAddress() });
  const post = (
    url: string,
    payload: string | object,
    headers: Record<string, string> = { ...BROWSER, ...FORM },
  ) => testApp.app.inject({ method: 'POST', url, payload, headers, remoteAddress: nextAddress() });

  const signUp = (email: string, ref?: string) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/utility/signup',
      remoteAddress: nextAddress(),
      payload: { email, signupType: 'general', ...(ref ? { ref } : {}) },
    });
  const confirmationPath = async (email: string) => {
    const row = await db()
      .selectFrom('mail_outbox')
      .select('params')
      .where('to_address', '=', email)
      .where('template', '=', 'waitlist-confirmation')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const url = new URL(
      confirmationUrl('http://x', secret, JSON.parse(row.params) as ConfirmationParams),
    );
    return url.pathname + url.search;
  };
  /** Signs up and confirms `email` as a browser would; returns the page it lands on. */
  const join = async (email: string, ref?: string) => {
    await signUp(email, ref);
    const pressed = await post(await confirmationPath(email), '');
    expect(pressed.statusCode, pressed.body.slice(0, 300)).toBe(303);
    const location = String(pressed.headers.location);
    await foldLineBuckets(db());
    return { location, token: new URL(location, 'http://x').searchParams.get('token')! };
  };
  const pageText = async (path: string) => expectPersonPage(await get(path), 200);
  const idOf = async (email: string) => (await findSignupByEmail(db(), email))!.id;

  beforeAll(async () => {
    testApp = await startTestApp(kind, { movedUpMail: true });
    secret = await unsubscribeSecret(db(), testApp.app.config.mail);
  });
  afterAll(() => testApp.close());

  it('sends a browser from the confirmation to the page, which opens with the confirmation’s words', async () => {
    await join('first@example.com');
    const { location, token } = await join('second@example.com');
    expect(location).toMatch(/^\/place\?notice=confirmed&token=/);
    const text = await pageText(location);
    expect(text).toContain('You’re confirmed');
    expect(text).toContain(
      'Thank you: second@example.com is confirmed. We will email you when your invitation is ready.',
    );
    expect(text).toContain('2nd of 2 waiting');
    expect(text).toContain('We have not started inviting yet.');
    const again = await pageText(placePath(token));
    expect(again).toContain('Your place in line');
    expect(again).not.toContain('Thank you');
    // The "your place" mail was queued with the confirmation.
    const mails = await db()
      .selectFrom('mail_outbox')
      .select('params')
      .where('to_address', '=', 'second@example.com')
      .where('template', '=', YOUR_PLACE_TEMPLATE_ID)
      .execute();
    expect(mails.map((row) => JSON.parse(row.params) as object)).toEqual([
      { signupId: await idOf('second@example.com') },
    ]);
  });

  it('answers scripts in JSON with the same facts', async () => {
    const token = await placeToken(secret, await idOf('first@example.com'));
    const answer = await get(placePath(token), SCRIPT);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      state: 'waiting',
      email: 'first@example.com',
      place: 1,
      waiting: 2,
      estimate: 'We have not started inviting yet.',
      friends: { confirmed: 0, pending: 0, held: 0 },
      placesGained: 0,
      wants: [],
      movedUpMail: true,
    });
    expect(answer.json<{ referralUrl: string }>().referralUrl).toMatch(
      /^http:\/\/localhost(:\d+)?\/r\/[a-z2-9]{10}$/,
    );
  });

  it('shows friends who joined by the link and the places they gained', async () => {
    for (let n = 0; n < 3; n++) await join(`early-${n}@example.com`);
    const { token } = await join('owner@example.com');
    const before = (await get(placePath(token), SCRIPT)).json<{
      place: number;
      referralUrl: string;
    }>();
    const code = before.referralUrl.split('/r/')[1]!;
    await join('friend-one@example.net', code);
    await signUp('friend-two@example.org', code);
    const after = (await get(placePath(token), SCRIPT)).json<{
      place: number;
      placesGained: number;
      friends: { confirmed: number; pending: number };
    }>();
    expect(after.friends).toMatchObject({ confirmed: 1, pending: 1 });
    expect(after.place).toBe(1);
    expect(after.placesGained).toBe(before.place - 1);
    const text = await pageText(placePath(token));
    expect(text).toContain('1st of');
    expect(text).toMatch(/Friends joined\s*1/);
    expect(text).toMatch(/Still to confirm\s*1/);
  });

  it('says when referrals wait for review', async () => {
    const { token } = await join('reviewed@example.com');
    const { referralUrl } = (await get(placePath(token), SCRIPT)).json<{ referralUrl: string }>();
    const code = referralUrl.split('/r/')[1]!;
    // The owner in another spelling: held for an admin.
    await join('reviewed+again@example.com', code);
    const text = await pageText(placePath(token));
    expect(text).toContain('1 waiting for review');
  });

  it('estimates from the pace of the last waves', async () => {
    const { token } = await join('paced@example.com');
    const now = Date.now();
    for (let wave = 0; wave < 2; wave++) {
      const id = `00000000-0000-7000-8000-00000000000${wave}`;
      await db()
        .insertInto('invite_waves')
        .values({
          id,
          kind: 'invite',
          requested_count: 70,
          type: null,
          source: null,
          days: null,
          created_by: 'admin@example.com',
          created_at: new Date(now - (14 - wave * 7) * 24 * 3600_000).toISOString(),
        })
        .execute();
      await db()
        .insertInto('wave_members')
        .values(
          Array.from({ length: 70 }, (_, n) => ({
            wave_id: id,
            email: `invited-${wave}-${n}@example.com`,
            outbox_id: `outbox-${wave}-${n}`,
          })),
        )
        .execute();
    }
    const { estimate } = (await get(placePath(token), SCRIPT)).json<{ estimate: string }>();
    expect(estimate).toMatch(/^At the pace of the last waves, (within a day or two|about .*)\.$/);
    await sql`delete from wave_members`.execute(db());
    await sql`delete from invite_waves`.execute(db());
  });

  it('saves the products wanted first, strictly', async () => {
    const { token } = await join('chooser@example.com');
    const saved = await post(
      placePath(token, '/place/products'),
      'products=firefox&products=ios&products=',
    );
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe(placePath(token, '/place', { notice: 'saved' }));
    expect((await findSignupByEmail(db(), 'chooser@example.com'))?.wants).toBe('ios,firefox');
    const page = await get(String(saved.headers.location));
    expect(expectPersonPage(page, 200)).toContain('Saved.');
    expect(page.body).toContain('value="ios" checked');
    expect(page.body).toContain('value="android">');

    const bad = await post(placePath(token, '/place/products'), 'products=ios&products=palm');
    expect(expectPersonPage(bad, 400)).toContain('That is not one of our products');
    const badJson = await post(
      placePath(token, '/place/products'),
      { products: ['ios', 'windows'] },
      SCRIPT,
    );
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toEqual({ error: expect.any(String) as string });
    expect((await findSignupByEmail(db(), 'chooser@example.com'))?.wants).toBe('ios,firefox');

    const cleared = await post(placePath(token, '/place/products'), { products: [] }, SCRIPT);
    expect(cleared.json()).toEqual({ success: true, message: 'Saved.' });
    expect((await findSignupByEmail(db(), 'chooser@example.com'))?.wants).toBeNull();
  });

  it('turns the "you moved up" mail off and on', async () => {
    const { token } = await join('mover@example.com');
    const off = await post(placePath(token, '/place/mail'), 'moved=off');
    expect(off.statusCode).toBe(303);
    const row = () =>
      db()
        .selectFrom('signups')
        .select('moved_mail_off')
        .where('email', '=', 'mover@example.com')
        .executeTakeFirstOrThrow();
    expect(Number((await row()).moved_mail_off)).toBe(1);
    expect(await pageText(String(off.headers.location))).toContain('Off: we do not mail you');
    expect((await post(placePath(token, '/place/mail'), 'moved=maybe')).statusCode).toBe(400);
    expect((await post(placePath(token, '/place/mail'), { moved: 'on' }, SCRIPT)).statusCode).toBe(
      200,
    );
    expect(Number((await row()).moved_mail_off)).toBe(0);
  });

  it('says so when the address is not confirmed yet, and when the person is invited', async () => {
    await signUp('pending@example.com');
    const pending = await placeToken(secret, await idOf('pending@example.com'));
    const text = await pageText(placePath(pending));
    expect(text).toContain('Confirm your address first');
    expect(text).toContain('Send me the confirmation mail again');
    expect((await get(placePath(pending), SCRIPT)).json()).toMatchObject({ state: 'unconfirmed' });

    const { token } = await join('lucky@example.com');
    await db()
      .insertInto('whitelist')
      .values({
        email: 'lucky@example.com',
        added_at: new Date().toISOString(),
        added_by: 'admin@example.com',
      })
      .execute();
    expect(await pageText(placePath(token))).toContain('Check your inbox');
    expect((await get(placePath(token), SCRIPT)).json()).toMatchObject({ state: 'invited' });
  });

  it('refuses bad links with the invalid-link page, never a 5xx', async () => {
    const id = await idOf('first@example.com');
    const good = await placeToken(secret, id);
    const bad = [
      '',
      'nonsense',
      good.slice(0, -3),
      `${good}x`,
      await placeToken('another-secret-of-enough-length-123456', id),
      'a.b.c',
      'x'.repeat(700),
    ];
    for (const token of bad) {
      for (const path of ['/place', '/place/leave']) {
        const answer = await get(placePath(token, path));
        expect(answer.statusCode, `${path} ${token}`).toBe(400);
        expect(expectPersonPage(answer, 400)).toContain('This link is not valid');
      }
      const pressed = await post(placePath(token, '/place/products'), 'products=ios');
      expect(pressed.statusCode).toBe(400);
      expect((await get(placePath(token), SCRIPT)).json()).toEqual({
        error: 'This link is not valid.',
      });
    }
    expect((await get('/place')).statusCode).toBe(400);
  });

  it('leaves the waitlist only on the explicit POST, and the link then says so', async () => {
    const { token } = await join('leaver@example.com');
    const ask = await pageText(placePath(token, '/place/leave'));
    expect(ask).toContain('Leave the waitlist?');
    expect(await findSignupByEmail(db(), 'leaver@example.com')).toBeDefined();
    expect((await post(placePath(token, '/place/leave'), '')).statusCode).toBe(400);
    expect(await findSignupByEmail(db(), 'leaver@example.com')).toBeDefined();
    const left = await post(placePath(token, '/place/leave'), 'confirm=leave');
    expect(expectPersonPage(left, 200)).toContain('You have left the waitlist');
    expect(await findSignupByEmail(db(), 'leaver@example.com')).toBeUndefined();
    expect(expectPersonPage(await get(placePath(token)), 410)).toContain(
      'no longer on the waitlist',
    );
    expect((await get(placePath(token), SCRIPT)).statusCode).toBe(410);
    // The address may join again.
    expect((await signUp('leaver@example.com')).statusCode).toBe(200);
  });

  it('answers "send me my link again" the same for every address, mailing only a confirmed one', async () => {
    await join('known@example.com');
    await signUp('unconfirmed@example.com');
    const count = async (email: string) =>
      (
        await db()
          .selectFrom('mail_outbox')
          .select('id')
          .where('to_address', '=', email)
          .where('template', '=', YOUR_PLACE_TEMPLATE_ID)
          .execute()
      ).length;
    const before = await count('known@example.com');
    const answers = [];
    for (const email of ['known@example.com', 'unknown@example.com', 'unconfirmed@example.com']) {
      const page = await post('/place/link', `email=${encodeURIComponent(email)}`);
      answers.push([page.statusCode, expectPersonPage(page, 200)]);
      const json = await post('/place/link', { email }, SCRIPT);
      answers.push([json.statusCode, json.body]);
    }
    expect(new Set(answers.filter((_, n) => n % 2 === 0).map(String)).size).toBe(1);
    expect(new Set(answers.filter((_, n) => n % 2 === 1).map(String)).size).toBe(1);
    // One more mail within the hour at most (the outbox's key), none to the others.
    expect(await count('known@example.com')).toBe(Math.max(before, 1));
    expect(await count('unknown@example.com')).toBe(0);
    expect(await count('unconfirmed@example.com')).toBe(0);
    expect(expectPersonPage(await get('/place/link'), 200)).toContain('Send me my link again');
    expect((await post('/place/link', 'email=')).statusCode).toBe(400);
  });

  it('sends a referral link to the signup form with its code, and anything else without', async () => {
    const good = await get('/r/abcdefghjk');
    expect(good.statusCode).toBe(303);
    expect(good.headers.location).toBe('/signup?ref=abcdefghjk');
    expect(good.headers['set-cookie']).toBeUndefined();
    for (const bad of ['ABCDEFGHJK', 'short', 'abcdefghjkl', '%3Cscript%3E', 'abcdefghi1']) {
      const answer = await get(`/r/${bad}`);
      expect(answer.statusCode).toBe(303);
      expect(answer.headers.location).toBe('/signup');
    }
  });

  it('never answers bad input with a 5xx', async () => {
    const { token } = await join('fuzzed@example.com');
    const bodies = ['%', 'products[]=ios', '{"products":5}', 'products=' + 'x'.repeat(1500), '{'];
    for (const body of bodies) {
      for (const type of [FORM, { 'content-type': 'application/json' }]) {
        for (const path of ['/place/products', '/place/mail', '/place/leave', '/place/link']) {
          const answer = await post(placePath(token, path), body, { ...BROWSER, ...type });
          expect(answer.statusCode, `${path} ${body}`).toBeLessThan(500);
        }
      }
    }
    expect((await post(placePath(token, '/place/products'), 'x'.repeat(5000))).statusCode).toBe(
      413,
    );
  });
});
