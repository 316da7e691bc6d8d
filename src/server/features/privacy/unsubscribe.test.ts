import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_EMAIL } from '../../platform/pages/person-page.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { DOLLAR_ADDRESSES } from '../../test/dollar-patterns.ts';
import { expectPersonPage } from '../../test/person-pages.ts';
import type { TestApp } from '../../test/test-app.ts';
import { sendLogFor } from '../../test/send-log.ts';
import { startMailTestSetup, type MailTestSetup } from '../../test/email-test-app.ts';
import { UNSUBSCRIBED_MESSAGE } from '../../platform/mail/mail-service.ts';
import { UNSUBSCRIBE_RATE_LIMIT } from './unsubscribe-routes.ts';
import { unsubscribeSecret, unsubscribeUrl } from '../../platform/links/unsubscribe-token.ts';
import type { TestSmtpServer } from '../../test/test-smtp-server.ts';

const kinds = await testDatabaseKinds();
const ADMIN = 'curator@example.com';
/** What a browser sends when a person follows a link or submits a form. */
const BROWSER = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
/** A script that asks for JSON. */
const SCRIPT = { accept: 'application/json' };
const INVALID = 'This unsubscribe link is not valid.';

describe.each(kinds)('one-click unsubscribe on $name', (kind) => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;
  let headers: Record<string, string>;

  let setup: MailTestSetup;
  beforeAll(async () => {
    setup = await startMailTestSetup(kind, [ADMIN]);
    ({ smtp, testApp, headers } = setup);
  });
  afterAll(() => setup.close());

  const send = (url: string, payload: object) =>
    testApp.app.inject({ method: 'POST', url, headers, payload });
  /** The path and query of a real link for `address`, as the mail carries it. */
  const linkFor = async (address: string) => {
    const secret = await unsubscribeSecret(testApp.app.database.db, testApp.app.config.mail);
    const url = new URL(unsubscribeUrl(testApp.app.config.publicUrl, secret, address));
    return url.pathname + url.search;
  };

  it('unsubscribes with the link from the header; later marketing mail is refused', async () => {
    const to = 'leaver@example.com';
    smtp.reset('accept');
    expect((await send('/api/email/early-access', { email: to })).statusCode).toBe(200);
    const link = /^<(.+)>$/.exec(smtp.received[0]!.header('List-Unsubscribe') ?? '')?.[1];
    expect(link).toBeDefined();
    const url = new URL(link!);

    // The page a person sees changes nothing (link scanners follow GETs).
    const page = await testApp.app.inject({
      method: 'GET',
      url: url.pathname + url.search,
      headers: BROWSER,
    });
    expect(expectPersonPage(page, 200)).toContain(`Stop sending news and invitations to ${to} ?`);
    expect(page.body).toContain('<form method="post" action="/api/unsubscribe?address=');
    expect(page.body).toContain('<button type="submit">Unsubscribe</button>');

    // What a mail provider sends (RFC 8058): a form POST, no cookie, no origin, no Accept.
    const click = await testApp.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(expectPersonPage(click, 200)).toContain('You are unsubscribed');
    expect(click.headers['set-cookie']).toBeUndefined();

    smtp.reset('accept');
    for (const [path, payload, extra] of [
      // The first invitation whitelisted the address; the refused one changes nothing.
      ['/api/email/early-access', { email: to }, { isWhitelisted: true }],
      ['/api/email/test', { email: to, templateType: 'waitlist-confirmation' }, {}],
    ] as const) {
      const refused = await send(path, payload);
      expect(refused.statusCode, path).toBe(409);
      expect(refused.json(), path).toEqual({
        success: false,
        message: UNSUBSCRIBED_MESSAGE,
        ...extra,
      });
    }
    expect(smtp.mailFromCount).toBe(0);

    // Notices about the person's own access still go out.
    const notice = await send('/api/email/test', { email: to, templateType: 'removal-notice' });
    expect(notice.statusCode).toBe(200);

    const log = await sendLogFor(testApp.app.database.db, to);
    expect(log.map((row) => [row.template, row.status])).toEqual([
      // Refused before it was queued: an invitation announces a whitelist change, which the
      // refusal leaves undone.
      ['early-access-invitation', 'sent'],
      ['waitlist-confirmation', 'refused'],
      ['removal-notice', 'sent'],
    ]);
  });

  it('refuses a link whose token does not match the address, and changes nothing', async () => {
    for (const query of [
      'address=victim%40example.com&token=forged',
      'address=victim%40example.com',
      'token=abc',
    ]) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: `/api/unsubscribe?${query}`,
        headers: SCRIPT,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ error: expect.any(String) });
    }
    const rows = await testApp.app.database.db
      .selectFrom('email_unsubscribes')
      .selectAll()
      .where('email', '=', 'victim@example.com')
      .execute();
    expect(rows).toEqual([]);
  });

  it('shows a person who followed a bad or cut link a page that says what to do', async () => {
    const good = new URL(await linkFor('reader@example.com'), 'http://x');
    const token = good.searchParams.get('token')!;
    for (const query of [
      `address=reader%40example.com&token=${token.slice(0, -4)}`,
      'address=victim%40example.com&token=forged',
      'address=reader%40example.com',
      'token=abc',
      'address=not-an-address&token=abc',
      `address=reader%40example.com&token=${'x'.repeat(500)}`,
      '',
    ]) {
      for (const method of ['GET', 'POST'] as const) {
        const url = `/api/unsubscribe?${query}`;
        const page = await testApp.app.inject({ method, url, headers: BROWSER });
        const text = expectPersonPage(page, 400);
        expect(text, `${method} ${query}`).toContain(INVALID.replace(/\.$/, ''));
        expect(text).toContain('Open the latest mail from ReelScore');
        expect(text).toContain(CONTACT_EMAIL);
        expect(page.body).toContain(`href="mailto:${CONTACT_EMAIL}"`);

        // Scripts keep the error shape of the public API.
        const script = await testApp.app.inject({ method, url, headers: SCRIPT });
        expect(script.statusCode, `${method} ${query}`).toBe(400);
        expect(script.headers['content-type']).toMatch(/^application\/json/);
        expect(script.json()).toEqual({ error: expect.any(String) });
      }
    }
  });

  it('shows an address with any $ pattern in it as it is, on one page', async () => {
    for (const address of DOLLAR_ADDRESSES) {
      const page = await testApp.app.inject({
        url: await linkFor(address),
        remoteAddress: '10.8.0.1',
        headers: BROWSER,
      });
      expect(expectPersonPage(page, 200), address).toContain(
        `Stop sending news and invitations to ${address} ?`,
      );
      expect(page.body.match(/<main>/g), address).toHaveLength(1);
    }
  });

  it('thanks a person who pressed the button and a mail provider with a page, a script with JSON', async () => {
    const to = 'button-presser@example.com';
    const link = await linkFor(to);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const pressed = await testApp.app.inject({
      method: 'POST',
      url: link,
      headers: { ...BROWSER, ...form },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(expectPersonPage(pressed, 200)).toContain(
      `You are unsubscribed ${to} will get no more marketing mail from ReelScore.`,
    );
    // RFC 8058: the provider sends no Accept header, which leaves the choice to us.
    const again = await testApp.app.inject({
      method: 'POST',
      url: link,
      headers: form,
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(expectPersonPage(again, 200)).toContain('You are unsubscribed');
    const script = await testApp.app.inject({
      method: 'POST',
      url: link,
      headers: { ...form, ...SCRIPT },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(script.statusCode).toBe(200);
    expect(script.json()).toEqual({
      success: true,
      message: `${to} will get no more marketing mail from ReelScore.`,
    });
  });

  it(`answers at most ${UNSUBSCRIBE_RATE_LIMIT.max} a minute from one address, with a page for a person`, async () => {
    const link = await linkFor('counted@example.com');
    for (const method of ['GET', 'POST'] as const) {
      const remoteAddress = method === 'GET' ? '10.7.0.1' : '10.7.0.2';
      for (let n = 0; n < UNSUBSCRIBE_RATE_LIMIT.max; n++) {
        const answer = await testApp.app.inject({ method, url: link, remoteAddress });
        expect(answer.statusCode, `${method} #${n + 1}`).toBe(200);
      }
      const page = await testApp.app.inject({ method, url: link, remoteAddress, headers: BROWSER });
      expect(expectPersonPage(page, 429)).toMatch(/Too many attempts\. Please try again in /);
      const script = await testApp.app.inject({
        method,
        url: link,
        remoteAddress,
        headers: SCRIPT,
      });
      expect(script.statusCode).toBe(429);
      expect(script.json()).toEqual({ error: expect.stringMatching(/^Too many attempts/) });
      // Another address is not held back.
      const other = await testApp.app.inject({ method, url: link, remoteAddress: '10.7.0.9' });
      expect(other.statusCode).toBe(200);
    }
  });
});
