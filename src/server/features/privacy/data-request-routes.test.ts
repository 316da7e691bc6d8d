import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CONTACT_EMAIL } from '../../platform/pages/person-page.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { expectPersonPage } from '../../test/person-pages.ts';
import { startMailTestSetup, type MailTestSetup } from '../../test/email-test-app.ts';
import { unsubscribeSecret, unsubscribeUrl } from '../../platform/links/unsubscribe-token.ts';
import { DATA_REQUEST_RATE_LIMIT, ERASURE_NOT_CONFIRMED_MESSAGE } from './data-request-routes.ts';
import {
  dataErasureUrl,
  dataRequestToken,
  dataRequestUrl,
} from '../../platform/links/data-request-token.ts';
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
import { addressHash } from '../../platform/mail/suppression.ts';

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
  /** Each test is its own client, so the per-client limits count one test's requests. */
  let clients = 0;
  let remoteAddress = '10.20.0.1';
  const open = (url: string, headers: Record<string, string> = BROWSER) =>
    app().inject({ method: 'GET', url, headers, remoteAddress });
  const press = (
    path: string,
    headers: Record<string, string> = { ...FORM, ...BROWSER },
    payload = '',
  ) => app().inject({ method: 'POST', url: path, headers, payload, remoteAddress });
  /** The confirmation page's button: the only press that deletes. */
  const confirmErasure = (address: string, headers: Record<string, string> = BROWSER) =>
    press(erasePath(address), { ...FORM, ...headers }, 'confirm=delete');
  const exportPath = (address: string) => linkFor(address).replace('?', '/export?');
  const erasePath = (address: string) => linkFor(address).replace('?', '/erase?');

  beforeAll(async () => {
    setup = await startMailTestSetup(kind, [ADMIN]);
    secret = await unsubscribeSecret(db(), app().config.mail);
  });
  afterAll(() => setup.close());
  beforeEach(() => {
    setup.smtp.reset('accept');
    remoteAddress = `10.20.${++clients}.1`;
  });

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
    // Each link has its own page: the copy, and the deletion that asks first.
    const copy = dataRequestUrl('https://reelscore.test', secret, to).replace(/&/g, '&amp;');
    const erase = dataErasureUrl('https://reelscore.test', secret, to).replace(/&/g, '&amp;');
    expect(html).toContain(`href="${copy}"`);
    expect(html).toContain(`href="${erase}"`);
    expect(html).toMatch(/>Get a copy of your data<\/a>/);
    expect(html).toMatch(/>Delete your data<\/a>/);
    expect(text).toContain(`token=${dataRequestToken(secret, to)}`);
    expect(text).toContain('/api/data-request/erase?address=');
  });

  it('opens each link of the mail on its own page: the copy, and the deletion that asks first', async () => {
    const person = 'looker@example.com';
    await seedPerson(db(), person, { admin: ADMIN, actedOn: 'someone@example.com' });
    await outboxDrained(db());
    const token = encodeURIComponent(dataRequestToken(secret, person));
    const query = `address=looker%40example.com&#38;token=${token}`;

    const copy = await open(linkFor(person));
    const copyText = expectPersonPage(copy, 200);
    expect(copyText).toContain('Get a copy of your data');
    expect(copyText).toContain(`We mail ${person} a file with everything we hold about it`);
    expect(copy.body).toContain('<section id="copy">');
    // One form, the copy's; deleting is a link to its own page (older mails land on #delete).
    expect([...copy.body.matchAll(/<form /g)]).toHaveLength(1);
    expect(copy.body).toContain(
      `<form method="post" action="/api/data-request/export?${query}"><button type="submit">Send me a copy</button></form>`,
    );
    expect(copy.body).toContain(
      `<section id="delete" class="aside"><p>Want your data deleted instead? <a class="text-link" href="/api/data-request/erase?${query}">Delete your data</a>`,
    );

    const erase = await open(erasePath(person));
    const eraseText = expectPersonPage(erase, 200);
    expect(eraseText).toContain(
      `Delete your data? This deletes everything ReelScore holds about ${person} , at once`,
    );
    for (const gone of [
      'your waitlist signup: when and where you signed up, and your confirmation of it',
      'your place on the early-access list',
      'your app registration',
      'your choice to stop our news',
      'our record of every mail we sent you',
      'This cannot be undone.',
    ]) {
      expect(eraseText).toContain(gone);
    }
    expect([...erase.body.matchAll(/<form /g)]).toHaveLength(1);
    expect(erase.body).toContain(
      `<form method="post" action="/api/data-request/erase?${query}" class="danger-zone">` +
        `<input type="hidden" name="confirm" value="delete">` +
        `<button type="submit" class="danger">Delete my data</button></form>` +
        `<p><a href="/">Keep my data</a></p>`,
    );
  });

  it('changes nothing on a GET or HEAD of any link form, from a browser or a scanner', async () => {
    const person = 'scanned@example.com';
    await seedPerson(db(), person, { admin: ADMIN, actedOn: 'someone@example.com' });
    await outboxDrained(db());
    setup.smtp.reset('accept');
    const before = await snapshot(db());

    const forms = [
      linkFor(person),
      erasePath(person),
      exportPath(person),
      // The older mails' links, fragments and all (a client that sends them).
      `${linkFor(person)}#copy`,
      `${linkFor(person)}#delete`,
      // The same query again, or with a confirmation in it: only a POST body confirms.
      `${erasePath(person)}&confirm=delete`,
      `${erasePath(person)}&address=${encodeURIComponent(person)}`,
    ];
    for (const url of forms) {
      for (const method of ['GET', 'HEAD'] as const) {
        for (const headers of [BROWSER, {}, { accept: 'application/json' }]) {
          const answer = await app().inject({
            method,
            url,
            headers,
            remoteAddress: `10.21.${++clients}.1`,
          });
          expect(answer.statusCode, `${method} ${url}`).toBeLessThan(500);
        }
      }
    }
    const script = await open(erasePath(person), SCRIPT);
    expect(script.statusCode).toBe(200);
    expect(script.json()).toEqual({
      success: true,
      message: expect.stringContaining('nothing is deleted until then'),
    });

    expect(await snapshot(db())).toEqual(before);
    expect(setup.smtp.mailFromCount).toBe(0);
  });

  it('never deletes from the copy link, whatever its button sends', async () => {
    const person = 'copier@example.com';
    await seedPerson(db(), person, { admin: ADMIN, actedOn: 'someone@example.com' });
    await outboxDrained(db());
    const held = rowsNaming(await snapshot(db()), person);

    for (const [headers, payload] of [
      [{ ...FORM, ...BROWSER }, ''],
      [{ ...FORM, ...BROWSER }, 'confirm=delete'],
      [{ 'content-type': 'application/json' }, JSON.stringify({ confirm: 'delete' })],
      [{}, ''],
    ] as const) {
      const answer = await press(exportPath(person), headers, payload);
      expect(answer.statusCode, payload).toBe(200);
    }

    const after = rowsNaming(await snapshot(db()), person);
    expect(after.signups).toEqual(held.signups);
    expect(after.whitelist).toEqual(held.whitelist);
    expect(after.app_users).toEqual(held.app_users);
    expect(after.email_suppressions).toEqual([]);
  });

  it('deletes only on the confirmation page’s explicit POST; any other POST asks again', async () => {
    const person = 'unsure@example.com';
    await seedPerson(db(), person, { admin: ADMIN, actedOn: 'someone@example.com' });
    await outboxDrained(db());
    setup.smtp.reset('accept');
    const before = await snapshot(db());

    const json = { 'content-type': 'application/json', ...SCRIPT };
    for (const [headers, payload] of [
      // The button of an older page: an empty form.
      [{ ...FORM, ...BROWSER }, ''],
      [{ ...FORM, ...BROWSER }, 'confirm=yes'],
      [{ ...FORM, ...BROWSER }, 'confirm=DELETE'],
      [{ ...FORM, ...BROWSER }, 'confirm='],
      [{ ...FORM, ...BROWSER }, 'confirmed=delete'],
      [{ ...FORM, ...BROWSER }, 'x=confirm%3Ddelete'],
      [FORM, ''],
      [{}, ''],
      [json, '{}'],
      [json, JSON.stringify({ confirm: true })],
      [json, JSON.stringify({ confirm: ['delete'] })],
      [json, JSON.stringify({ confirm: 'Delete' })],
      [json, JSON.stringify([{ confirm: 'delete' }])],
      [json, JSON.stringify('confirm=delete')],
    ] as const) {
      const answer = await press(erasePath(person), headers, payload);
      const where = `${JSON.stringify(headers)} ${payload}`;
      expect(answer.statusCode, where).toBe(400);
      if (!('accept' in headers) || headers.accept !== SCRIPT.accept) {
        // A person who pressed an older page's button, or a client that prefers no type, is
        // asked on the confirmation page.
        expect(expectPersonPage(answer, 400), where).toContain('Delete your data?');
      } else {
        expect(answer.json(), where).toEqual({ error: ERASURE_NOT_CONFIRMED_MESSAGE });
      }
    }
    expect(await snapshot(db())).toEqual(before);

    const script = await press(erasePath(person), json, JSON.stringify({ confirm: 'delete' }));
    expect(script.statusCode).toBe(200);
    expect(script.json()).toEqual({ success: true, message: expect.stringContaining(person) });
    expect(rowsNaming(await snapshot(db()), person).signups).toEqual([]);
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
        ['GET', '/api/data-request/erase'],
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
      // Invited, so no longer waiting: a ticket, no place.
      line: {
        ticket: expect.any(Number),
        place: null,
        waiting: null,
        placesGained: 0,
        wantsFirst: [],
        referralCode: null,
        referrals: { waitingToConfirm: 0, credited: 0, heldForReview: 0, rejected: 0 },
        movedUpMail: true,
        lastMovedUpMailAt: null,
        networkSeenAt: null,
      },
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

    const page = await confirmErasure(person);
    const text = expectPersonPage(page, 200);
    expect(text).toContain('Your data is deleted');
    expect(text).toContain(`We have deleted everything we held about ${person}`);

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
    expect(
      after.email_suppressions!.filter(
        (row) => (row as { address_hash: string }).address_hash === hash,
      ),
    ).toEqual([{ address_hash: hash, reason: 'erasure', created_at: expect.anything() }]);
    expect(setup.smtp.mailFromCount).toBe(0);

    // The link is used up: a clear page, and nothing more happens.
    const settled = await snapshot(db());
    for (const [method, url, status] of [
      ['GET', linkFor(person), 410],
      ['GET', erasePath(person), 410],
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
