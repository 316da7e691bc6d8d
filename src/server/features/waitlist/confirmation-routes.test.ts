import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDate } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { expectPersonPage } from '../../test/person-pages.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { unsubscribeSecret, unsubscribeToken } from '../../platform/links/unsubscribe-token.ts';
import { CONFIRMATION_TEMPLATE } from './confirmation-repository.ts';
import {
  CONFIRMATION_LINK_LIFETIME_MS,
  confirmationToken,
  confirmationUrl,
  type ConfirmationParams,
} from '../../platform/links/confirmation-token.ts';
import { findSignupByEmail, insertSignup } from './signup-repository.ts';

const kinds = await testDatabaseKinds();

const BROWSER = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
/** A script that asks for JSON (without it, a link from a mail answers the page). */
const SCRIPT = { accept: 'application/json' };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(kinds)('confirmation links on $name', (kind) => {
  let testApp: TestApp;
  let secret: string;
  let client = 0;
  const db = () => testApp.app.database.db;

  /** Each call from its own client address, so the per-address limit stays out of the way. */
  const request = (method: 'GET' | 'POST', url: string, headers: Record<string, string> = SCRIPT) =>
    testApp.app.inject({
      method,
      url,
      headers,
      remoteAddress: `10.3.${Math.floor(++client / 250)}.${client % 250}`,
      ...(method === 'POST' && headers['content-type'] ? { payload: '' } : {}),
    });
  const open = (path: string) => request('GET', path, BROWSER);
  const press = (path: string) => request('POST', path, { ...BROWSER, ...FORM });
  /** Presses Confirm; a browser is sent on to the person's own page, which is opened. */
  const confirmAndFollow = async (path: string) => {
    const pressed = await press(path);
    expect(pressed.statusCode).toBe(303);
    const location = pressed.headers.location ?? '';
    expect(location).toMatch(/^\/place\?notice=confirmed&token=/);
    return open(location);
  };

  /** The confirmation mails of an address, oldest first, with their params. */
  const mails = async (email: string) => {
    const rows = await db()
      .selectFrom('mail_outbox')
      .select(['params', 'created_at'])
      .where('to_address', '=', email)
      .where('template', '=', CONFIRMATION_TEMPLATE)
      .orderBy('created_at')
      .execute();
    return rows.map((row) => JSON.parse(row.params) as ConfirmationParams);
  };
  /** The path (with its token) of the link in the address's latest confirmation mail. */
  const linkOf = async (email: string) => {
    const params = (await mails(email)).at(-1);
    if (!params) throw new Error(`no confirmation mail to ${email}`);
    const url = new URL(confirmationUrl(testApp.app.config.publicUrl, secret, params));
    return url.pathname + url.search;
  };
  const confirmedAt = async (email: string) => (await findSignupByEmail(db(), email))?.confirmed_at;
  const signUp = (email: string, extra: Record<string, string> = {}) =>
    testApp.app.inject({
      method: 'POST',
      url: '/api/utility/signup',
      remoteAddress: `10.4.0.${++client % 250}`,
      payload: { email, signupType: 'general', ...extra },
    });
  /** A link of an old signup: its mail went out `days` ago. */
  const oldLink = async (email: string, days: number) => {
    const then = new Date(Date.now() - days * DAY_MS);
    await insertSignup(db(), { email, program: 'CLOSED_ALPHA', source: 'general' }, then, 'mail');
    return linkOf(email);
  };
  const forms = (html: string) =>
    [...html.matchAll(/<form method="post" action="([^"]*)">/g)].map((match) =>
      match[1]!.replaceAll('&#38;', '&'),
    );

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    secret = await unsubscribeSecret(db(), testApp.app.config.mail);
  });
  afterAll(() => testApp.close());

  it('shows the address and one Confirm button, and the GET changes nothing', async () => {
    expect((await signUp('viewer@example.com')).statusCode).toBe(200);
    const link = await linkOf('viewer@example.com');

    for (let n = 0; n < 3; n++) {
      const page = await open(link);
      const text = expectPersonPage(page, 200);
      expect(text).toContain('Confirm your address');
      expect(text).toContain('Confirm that viewer@example.com is your address');
      expect(forms(page.body)).toEqual([link]);
      expect(page.body.match(/<button/g)).toHaveLength(1);
    }
    expect((await request('HEAD' as 'GET', link)).statusCode).toBe(200);
    expect(await confirmedAt('viewer@example.com')).toBeNull();
  });

  it('confirms with the button once, then says it is already confirmed', async () => {
    await signUp('presser@example.com');
    const link = await linkOf('presser@example.com');
    const before = Date.now();

    const done = expectPersonPage(await confirmAndFollow(link), 200);
    expect(done).toContain('You’re confirmed');
    expect(done).toContain('presser@example.com is confirmed');
    const first = toDate((await confirmedAt('presser@example.com'))!);
    expect(first.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const again = expectPersonPage(await press(link), 200);
    expect(again).toContain('Already confirmed');
    expect(again).toMatch(/presser@example\.com was confirmed on \d{1,2} \w+ \d{4}/);
    expect(toDate((await confirmedAt('presser@example.com'))!)).toEqual(first);
    const reopened = await open(link);
    expect(expectPersonPage(reopened, 200)).toContain('Already confirmed');
    expect(forms(reopened.body)).toEqual([]);
  });

  it('answers scripts in JSON', async () => {
    await signUp('script@example.com');
    const link = await linkOf('script@example.com');

    const shown = await request('GET', link);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({
      success: true,
      message: 'POST to this address to confirm script@example.com.',
    });
    const confirmed = await request('POST', link);
    expect(confirmed.json()).toEqual({
      success: true,
      message: 'script@example.com is confirmed.',
    });
    expect(confirmed.headers['cache-control']).toBe('no-store');
    expect((await request('POST', link)).json()).toEqual({
      success: true,
      message: 'script@example.com is already confirmed.',
    });
    expect(await confirmedAt('script@example.com')).not.toBeNull();
  });

  it('refuses a changed, cut, made-up or unsubscribe token, offering a new signup but no resend', async () => {
    await signUp('tampered@example.com');
    const link = await linkOf('tampered@example.com');
    const token = new URL(link, 'http://x').searchParams.get('token')!;
    const flipped = token.slice(0, 5) + (token[5] === 'A' ? 'B' : 'A') + token.slice(6);
    const bad = [
      `/api/signup/confirm?token=${flipped}`,
      `/api/signup/confirm?token=${token.slice(0, -2)}`,
      '/api/signup/confirm?token=made-up',
      '/api/signup/confirm',
      `/api/signup/confirm?token=${'x'.repeat(500)}`,
      `/api/signup/confirm?token=${unsubscribeToken(secret, 'tampered@example.com')}`,
    ];

    for (const path of bad) {
      for (const answer of [await open(path), await press(path)]) {
        const text = expectPersonPage(answer, 400);
        expect(text).toContain('This confirmation link is not valid');
        expect(text).toContain('sign up again on the home page: an address that still needs');
        expect(answer.body).toContain('<a href="/">');
        expect(forms(answer.body)).toEqual([]);
      }
      const script = await request('POST', path);
      expect(script.statusCode).toBe(400);
      expect(script.json()).toEqual({ error: 'This confirmation link is not valid.' });
      expect(await request('POST', path.replace('confirm', 'confirm/resend'))).toMatchObject({
        statusCode: 400,
      });
    }
    expect(await confirmedAt('tampered@example.com')).toBeNull();
    expect(await mails('tampered@example.com')).toHaveLength(1);
  });

  it('refuses the link of a signup that is gone', async () => {
    await signUp('erased@example.com');
    const link = await linkOf('erased@example.com');
    await db().deleteFrom('signups').where('email', '=', 'erased@example.com').execute();

    expect(expectPersonPage(await open(link), 400)).toContain('not valid');
    expect(expectPersonPage(await press(link), 400)).toContain('not valid');
  });

  it('explains an expired link and offers a new one, which does not confirm by itself', async () => {
    const link = await oldLink('expired@example.com', 8);

    const page = await open(link);
    const text = expectPersonPage(page, 410);
    expect(text).toContain('This confirmation link has expired');
    const resend = link.replace('/api/signup/confirm?', '/api/signup/confirm/resend?');
    expect(forms(page.body)).toEqual([resend]);
    expect(page.body).toContain('>Send me a new link</button>');
    expect(expectPersonPage(await press(link), 410)).toContain('has expired');
    const script = await request('POST', link);
    expect(script.statusCode).toBe(410);
    expect(script.json()).toEqual({
      error: 'This confirmation link has expired. Ask for a new one from the page it opens.',
    });
    expect(await confirmedAt('expired@example.com')).toBeNull();
    expect(await mails('expired@example.com')).toHaveLength(1);
  });

  it('sends a new link from an expired one within the limits, and says "Check your inbox" either way', async () => {
    const link = await oldLink('resend@example.com', 8);
    const resend = link.replace('/api/signup/confirm?', '/api/signup/confirm/resend?');

    const first = expectPersonPage(await press(resend), 200);
    expect(first).toContain('Check your inbox');
    expect(first).toContain('We have sent a link to confirm resend@example.com');
    const [, fresh, ...more] = await mails('resend@example.com');
    expect(more).toEqual([]);
    expect(Date.now() - Date.parse(fresh!.issuedAt)).toBeLessThan(CONFIRMATION_LINK_LIFETIME_MS);

    // Within the hour: the same answer, no new mail.
    expect(await press(resend)).toMatchObject({
      statusCode: 200,
      body: (await press(resend)).body,
    });
    expect((await request('POST', resend)).json()).toEqual({
      success: true,
      message: 'Check your inbox: a link to confirm resend@example.com is on its way.',
    });
    expect(await mails('resend@example.com')).toHaveLength(2);

    // The new link confirms; the old one then says so too, and asks for nothing more.
    expect(
      expectPersonPage(await confirmAndFollow(await linkOf('resend@example.com')), 200),
    ).toContain('You’re confirmed');
    expect(expectPersonPage(await open(link), 200)).toContain('Already confirmed');
    expect(expectPersonPage(await press(resend), 200)).toContain('Already confirmed');
    expect(await mails('resend@example.com')).toHaveLength(2);
  });

  it('keeps a signup of the same address pending between its mails', async () => {
    const link = await oldLink('both@example.com', 3);
    await signUp('both@example.com');

    // Three days after the first mail a repeat gets a new one; both links work.
    expect(await mails('both@example.com')).toHaveLength(2);
    expect(expectPersonPage(await open(link), 200)).toContain('Confirm your address');
    expect(expectPersonPage(await confirmAndFollow(link), 200)).toContain('You’re confirmed');
  });

  it('never confirms from a token signed for another signup', async () => {
    await signUp('owner@example.com');
    const [params] = await mails('owner@example.com');
    const other = confirmationToken(secret, { ...params!, signupId: 'another-signup-id' });

    expect(expectPersonPage(await press(`/api/signup/confirm?token=${other}`), 400)).toContain(
      'not valid',
    );
    expect(await confirmedAt('owner@example.com')).toBeNull();
  });
});
