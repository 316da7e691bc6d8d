import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_EMAIL } from '../../lib/person-page.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { expectPersonPage } from '../../test/person-pages.ts';
import { startMailTestSetup, type MailTestSetup } from '../email/email-test-app.ts';
import { unsubscribeSecret, unsubscribeUrl } from '../email/unsubscribe-token.ts';
import { DATA_REQUEST_RATE_LIMIT } from './data-request-routes.ts';
import { dataRequestToken, dataRequestUrl } from './data-request-token.ts';
import {
  attachedData,
  CONFIRMED_AT,
  outboxDrained,
  REGISTERED_AT,
  rowsNaming,
  seedPerson,
  SIGNED_UP_AT,
  snapshot,
  UNSUBSCRIBED_AT,
  WHITELISTED_AT,
} from '../../test/privacy-test-data.ts';
import { addressHash } from './suppression.ts';

const kinds = await testDatabaseKinds();
const ADMIN = 'curator@example.com';
/** What a browser sends when a person follows a link or submits a form. */
const BROWSER = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
/** A script that asks for JSON (without it, a link from a mail answers the page). */
const SCRIPT = { accept: 'application/json' };

describe.each(kinds)('the data-request link of every mail on $name', (kind) => {
  let setup: MailTestSetup;
  let secret: string;
  const app = () => setup.testApp.app;
  const db = () => app().database.db;
  /** The path and query of the link for `address`, as the mail footer carries it. */
  const linkFor = (address: string) => {
    const url = new URL(dataRequestUrl('http://x', secret, address));
    return url.pathname + url.search;
  };
  const open = (url: string, headers: Record<string, string> = BROWSER) =>
    app().inject({ method: 'GET', url, headers });
  const press = (path: string, headers: Record<string, string> = { ...FORM, ...BROWSER }) =>
    app().inject({ method: 'POST', url: path, headers, payload: '' });
  const exportPath = (address: string) => linkFor(address).replace('?', '/export?');
  const erasePath = (address: string) => linkFor(address).replace('?', '/erase?');

  beforeAll(async () => {
    setup = await startMailTestSetup(kind, [ADMIN]);
    secret = await unsubscribeSecret(db(), app().config.mail);
  });
  afterAll(() => setup.close());
  beforeEach(() => setup.smtp.reset('accept'));

  it('puts a signed link to the page in the footer of every mail', async () => {
    const to = 'footer@example.com';
    const sent = await app().inject({
      method: 'POST',
      url: '/api/email/test',
      headers: setup.headers,
      payload: { email: to, templateType: 'removal-notice' },
    });
    expect(sent.statusCode).toBe(200);

    const { html, text } = setup.smtp.received[0]!.parsed;
    const link = dataRequestUrl('https://reelscore.test', secret, to).replace(/&/g, '&amp;');
    expect(html).toContain(`href="${link}#copy"`);
    expect(html).toContain(`href="${link}#delete"`);
    expect(html).toMatch(/>Get a copy of your data<\/a>/);
    expect(html).toMatch(/>Delete your data<\/a>/);
    expect(text).toContain(`token=${dataRequestToken(secret, to)}`);
  });

  it('shows both choices and changes nothing on GET (mail scanners open links)', async () => {
    const person = 'looker@example.com';
    await seedPerson(db(), person, { admin: ADMIN, actedOn: 'someone@example.com' });
    await outboxDrained(db());
    setup.smtp.reset('accept');
    const before = await snapshot(db());

    const page = await open(linkFor(person));
    const text = expectPersonPage(page, 200);
    expect(text).toContain(
      `You can get a copy of the personal data ReelScore holds about ${person}`,
    );
    expect(text).toContain('It cannot be undone.');
    expect(page.body).toContain('<section id="copy">');
    expect(page.body).toContain('<section id="delete">');
    const token = encodeURIComponent(dataRequestToken(secret, person));
    const query = `address=looker%40example.com&#38;token=${token}`;
    expect(page.body).toContain(
      `<form method="post" action="/api/data-request/export?${query}"><button type="submit">Send me a copy</button></form>`,
    );
    expect(page.body).toContain(
      `<form method="post" action="/api/data-request/erase?${query}"><button type="submit">Delete my data</button></form>`,
    );
    const script = await open(linkFor(person), SCRIPT);
    expect(script.statusCode).toBe(200);
    expect(script.json()).toEqual({ success: true, message: expect.stringContaining(person) });

    expect(await snapshot(db())).toEqual(before);
    expect(setup.smtp.mailFromCount).toBe(0);
  });

  it('refuses an unsubscribe token, and the unsubscribe link refuses a data-request token', async () => {
    const person = 'purposes@example.com';
    const unsubscribe = new URL(unsubscribeUrl('http://x', secret, person));
    const asDataRequest = `/api/data-request?${unsubscribe.search.slice(1)}`;
    const before = await snapshot(db());

    for (const url of [asDataRequest, asDataRequest.replace('?', '/erase?')]) {
      const method = url.includes('/erase') ? 'POST' : 'GET';
      const refused = await app().inject({ method, url, headers: SCRIPT });
      expect(refused.statusCode, url).toBe(400);
      expect(refused.json()).toEqual({ error: 'This data request link is not valid.' });
    }
    const dataLink = new URL(dataRequestUrl('http://x', secret, person));
    const asUnsubscribe = await app().inject({
      method: 'POST',
      url: `/api/unsubscribe${dataLink.search}`,
      headers: FORM,
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(asUnsubscribe.statusCode).toBe(400);
    expect(await snapshot(db())).toEqual(before);
  });

  it('shows a person with a bad or cut link a page that says what to do; scripts get JSON', async () => {
    const token = dataRequestToken(secret, 'reader@example.com');
    for (const query of [
      `address=reader%40example.com&token=${token.slice(0, -4)}`,
      `address=victim%40example.com&token=${token}`,
      'address=reader%40example.com',
      'token=abc',
      'address=not-an-address&token=abc',
      `address=reader%40example.com&token=${'x'.repeat(500)}`,
      '',
    ]) {
      for (const [method, path] of [
        ['GET', '/api/data-request'],
        ['POST', '/api/data-request/export'],
        ['POST', '/api/data-request/erase'],
      ] as const) {
        const url = `${path}?${query}`;
        const page = await app().inject({ method, url, headers: BROWSER });
        const text = expectPersonPage(page, 400);
        expect(text, `${method} ${url}`).toContain('This data request link is not valid');
        expect(text).toContain(CONTACT_EMAIL);

        const script = await app().inject({ method, url, headers: SCRIPT });
        expect(script.statusCode, `${method} ${url}`).toBe(400);
        expect(script.headers['content-type']).toMatch(/^application\/json/);
        expect(script.json()).toEqual({ error: expect.any(String) });
      }
    }
  });

  it('mails exactly the address’s own data, made when the mail leaves', async () => {
    const person = 'asker@example.com';
    const other = 'bystander@example.com';
    await seedPerson(db(), person, { admin: ADMIN, actedOn: other });
    await seedPerson(db(), other, { admin: ADMIN, actedOn: person });
    await outboxDrained(db());
    setup.smtp.reset('accept');

    const page = await press(exportPath(person));
    const text = expectPersonPage(page, 200);
    expect(text).toContain('We’ve sent it to your inbox');
    expect(text).toContain(`A copy of the data ReelScore holds about ${person} is on its way`);
    // The outbox row names the address only: the copy itself is never stored.
    const queued = await db()
      .selectFrom('mail_outbox')
      .select(['template', 'params', 'requested_by'])
      .where('to_address', '=', person)
      .where('template', '=', 'data-export')
      .execute();
    expect(queued).toEqual([
      {
        template: 'data-export',
        params: JSON.stringify({ address: person }),
        requested_by: 'system',
      },
    ]);
    await outboxDrained(db());

    expect(setup.smtp.received).toHaveLength(1);
    const mail = setup.smtp.received[0]!;
    expect(mail.envelopeTo).toEqual([person]);
    expect(mail.parsed.subject).toBe('Your ReelScore data');
    expect(mail.parsed.text).toContain(`personal data ReelScore holds about ${person}`);
    const data = attachedData(mail);
    expect(data).toEqual({
      address: person,
      exportedAt: expect.any(String),
      signups: [
        {
          program: 'CLOSED_ALPHA',
          source: 'hero-top',
          signedUpAt: SIGNED_UP_AT.toISOString(),
          lastSignupAt: SIGNED_UP_AT.toISOString(),
          signupCount: 1,
          confirmedAt: CONFIRMED_AT.toISOString(),
        },
      ],
      whitelist: { addedAt: WHITELISTED_AT.toISOString() },
      appRegistration: { accountId: `uid-${person}`, registeredAt: REGISTERED_AT.toISOString() },
      marketingMail: { unsubscribed: true, unsubscribedAt: UNSUBSCRIBED_AT.toISOString() },
      mails: [
        {
          template: 'Waitlist confirmation',
          subject: 'Confirm your place on the ReelScore waitlist',
          status: 'sent',
          queuedAt: SIGNED_UP_AT.toISOString(),
          finishedAt: expect.any(String),
          attempts: 1,
          failure: null,
        },
        {
          template: 'Your data',
          subject: 'Your ReelScore data',
          status: 'waiting',
          queuedAt: expect.any(String),
          finishedAt: null,
          attempts: 0,
          failure: null,
        },
      ],
      auditLog: [
        {
          at: WHITELISTED_AT.toISOString(),
          action: 'whitelist.add',
          by: 'a member of the ReelScore team',
        },
        { at: expect.any(String), action: 'whitelist.remove', by: 'you' },
        // The other person, an admin too, acted on this address: named by role only.
        {
          at: expect.any(String),
          action: 'whitelist.remove',
          by: 'a member of the ReelScore team',
        },
        {
          at: expect.any(String),
          action: 'privacy.export',
          by: 'you, from the link in one of our mails',
        },
      ],
    });
    // Nobody else's data: not the other person, not the admin, no links or tokens.
    const raw = JSON.stringify(data);
    for (const absent of [other, ADMIN, 'token', 'http']) expect(raw).not.toContain(absent);

    // A second press within the hour answers the same and sends nothing more.
    expect((await press(exportPath(person), SCRIPT)).json()).toEqual({
      success: true,
      message: expect.stringContaining(person),
    });
    await outboxDrained(db());
    expect(setup.smtp.received).toHaveLength(1);
  });

  it('erases every row of the address and nobody else’s; the used link says so', async () => {
    const person = 'leaver@example.com';
    const other = 'stayer@example.com';
    await seedPerson(db(), person, { admin: ADMIN, actedOn: other });
    await seedPerson(db(), other, { admin: ADMIN, actedOn: person });
    await outboxDrained(db());
    setup.smtp.reset('accept');
    const before = await snapshot(db());

    const page = await press(erasePath(person));
    const text = expectPersonPage(page, 200);
    expect(text).toContain('Your data is deleted');
    expect(text).toContain(`for ${person}`);

    const after = await snapshot(db());
    expect(rowsNaming(after, person)).toEqual({
      signups: [],
      whitelist: [],
      app_users: [],
      email_unsubscribes: [],
      email_suppressions: [],
      mail_outbox: [],
      // What the person did as an admin still names them as its actor.
      audit_log: [expect.objectContaining({ actor: person, target: other })],
    });
    // The other person's rows are as they were, but for the target naming the erased address.
    const hash = addressHash(secret, person);
    const othersBefore = rowsNaming(before, other);
    const othersAfter = rowsNaming(after, other);
    type AuditRow = { target: string };
    expect(othersAfter).toEqual({
      ...othersBefore,
      audit_log: othersBefore.audit_log!.map((row) => ({
        ...(row as AuditRow),
        target: (row as AuditRow).target.replaceAll(person, `erased:${hash}`),
      })),
    });
    expect(after.email_suppressions).toEqual([
      { address_hash: hash, reason: 'erasure', created_at: expect.anything() },
    ]);
    expect(setup.smtp.mailFromCount).toBe(0);

    // The link is used up: a clear page, and nothing more happens.
    const settled = await snapshot(db());
    for (const [method, url, status] of [
      ['GET', linkFor(person), 410],
      ['POST', exportPath(person), 410],
      ['POST', erasePath(person), 410],
    ] as const) {
      const used = await app().inject({ method, url, headers: BROWSER });
      const usedText = expectPersonPage(used, status);
      expect(usedText, `${method} ${url}`).toMatch(
        /Your data is already deleted|We no longer mail this address/,
      );
      const script = await app().inject({ method, url, headers: SCRIPT });
      expect(script.statusCode).toBe(status);
      expect(script.json()).toEqual({ error: expect.stringContaining('deleted') });
    }
    expect(await snapshot(db())).toEqual(settled);
  });

  it('limits each route per client address, with a page for a person', async () => {
    const url = linkFor('limited@example.com');
    const from = { remoteAddress: '10.8.0.1' };
    for (let n = 0; n < DATA_REQUEST_RATE_LIMIT.max; n++) {
      expect((await app().inject({ url, ...from })).statusCode).toBe(200);
    }
    const limited = await app().inject({ url, headers: BROWSER, ...from });
    expect(expectPersonPage(limited, 429)).toContain('Too many attempts');
  });
});
