import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_EMAIL_MESSAGE, isMailbox } from '../contract/email-rules.ts';
import { outboxDrained } from './test/privacy-test-data.ts';
import { testDatabaseKinds } from './test/databases.ts';
import type { TestApp } from './test/test-app.ts';
import { startMailTestSetup, type MailTestSetup } from './test/email-test-app.ts';
import { enqueueMail } from './platform/mail/outbox-repository.ts';
import type { TestSmtpServer } from './test/test-smtp-server.ts';
import { dataRequestToken } from './platform/links/data-request-token.ts';

const kinds = await testDatabaseKinds();
const ADMIN = 'curator@example.com';
const VICTIM = 'victim@target.test';

/** Every format character (`\p{Cf}`): bidirectional overrides, zero-width spaces, tags, the BOM. */
const FORMAT_CHARACTERS = Array.from({ length: 0x110000 }, (_, code) => code)
  .filter((code) => code < 0xd800 || code > 0xdfff)
  .map((code) => String.fromCodePoint(code))
  .filter((character) => /\p{Cf}/u.test(character));

/**
 * Text a mail library reads as more than one mailbox, or as another one than it shows: lists,
 * angle and display-name forms, quoted local parts, comments, groups, line breaks, and every
 * format character inside an address that looks like another.
 */
const HOSTILE_FORMS: string[] = [
  `x1@evil.test,${VICTIM}`,
  `x1@evil.test, ${VICTIM}`,
  `x1@evil.test;${VICTIM}`,
  `x1@evil.test;${VICTIM};`,
  `nm<${VICTIM}>`,
  `<${VICTIM}>`,
  `${VICTIM}>`,
  `"Name" <${VICTIM}>`,
  `Name<${VICTIM}>`,
  `x1@evil.test <${VICTIM}>`,
  `"a,${VICTIM}"@evil.test`,
  `"${VICTIM}"@evil.test`,
  `"x1@evil.test,"${VICTIM}`,
  `${VICTIM}(comment)`,
  `(comment)${VICTIM}`,
  `victim(comment)@target.test`,
  `victim@(comment)target.test`,
  `group:${VICTIM};`,
  `group:x1@evil.test,${VICTIM};`,
  `x1@evil.test\r\nBcc: ${VICTIM}`,
  `x1@evil.test\n${VICTIM}`,
  `x1@evil.test\r${VICTIM}`,
  `x1@[127.0.0.1]`,
  `x1@evil.test@${VICTIM}`,
  `x1\\,@evil.test`,
  `x1＠evil.test,${VICTIM}`,
  `x1@evil.test，${VICTIM}`,
  ...FORMAT_CHARACTERS.flatMap((character) => [
    `ceo${character}@example.com`,
    `support@${character}oc.lapyap`,
    `${VICTIM}${character}`.replace('@', `${character}@`),
  ]),
];

/** What each way in stores: the count of rows in every table an address reaches. */
async function storedCounts(testApp: TestApp) {
  const db = testApp.app.database.db;
  const counts: Record<string, number> = {};
  for (const table of [
    'signups',
    'whitelist',
    'mail_outbox',
    'email_unsubscribes',
    'email_suppressions',
    'invite_waves',
    'wave_members',
  ] as const) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.count);
  }
  return counts;
}

/** Each message the SMTP server took names one recipient, a mailbox the rules accept. */
function expectOneMailboxEach(smtp: TestSmtpServer) {
  for (const mail of smtp.received) {
    expect(mail.envelopeTo, mail.raw.slice(0, 300)).toHaveLength(1);
    expect(isMailbox(mail.envelopeTo[0]!), mail.envelopeTo[0]).toBe(true);
    expect(mail.parsed.to, mail.raw.slice(0, 300)).toHaveLength(1);
    expect(mail.parsed.to?.[0]?.address).toBe(mail.envelopeTo[0]);
    expect(mail.parsed.cc ?? []).toEqual([]);
    expect(mail.parsed.bcc ?? []).toEqual([]);
  }
}

describe.each(kinds)(
  'every way an address comes in takes exactly one mailbox, on $name',
  (kind) => {
    let setup: MailTestSetup;
    let testApp: TestApp;
    let headers: Record<string, string>;
    let secret: string;
    // A client address of its own for each public request, so the per-client limits stay out of it.
    let client = 0;
    const nextClient = () => {
      client += 1;
      return `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
    };

    beforeAll(async () => {
      setup = await startMailTestSetup(kind, [ADMIN], {
        rateLimit: { max: 1e6, windowMs: 60_000 },
      });
      ({ testApp, headers } = setup);
      secret = testApp.app.mailer.unsubscribeSecret;
    });
    afterAll(() => setup.close());

    /** Each way in, sending `email`; resolves with the status and the body's text. */
    const entryPoints: Record<
      string,
      (email: string) => Promise<{ status: number; body: string }>
    > = {
      'JSON signup': (email) =>
        answer({
          method: 'POST',
          url: '/api/utility/signup',
          remoteAddress: nextClient(),
          payload: { email, signupType: 'general' },
        }),
      'form signup': (email) =>
        answer({
          method: 'POST',
          url: '/signup',
          remoteAddress: nextClient(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ email, signupType: 'general' }).toString(),
        }),
      'admin whitelist add': (email) =>
        answer({ method: 'POST', url: '/api/admin/whitelist/add', headers, payload: { email } }),
      'admin bulk whitelist': (email) =>
        answer({
          method: 'POST',
          url: '/api/admin/whitelist/bulk',
          headers,
          payload: {
            action: 'add',
            selection: { emails: ['fine@example.com', email] },
            invite: true,
            expectedCount: 2,
          },
        }),
      'admin bulk preview': (email) =>
        answer({
          method: 'POST',
          url: '/api/admin/whitelist/bulk/preview',
          headers,
          payload: { action: 'add', selection: { emails: [email] } },
        }),
      'admin test send': (email) =>
        answer({
          method: 'POST',
          url: '/api/email/test',
          headers,
          payload: { email, templateType: 'early-access-invitation' },
        }),
      'admin early-access send': (email) =>
        answer({ method: 'POST', url: '/api/email/early-access', headers, payload: { email } }),
      'admin data copy': (email) =>
        answer({ method: 'POST', url: '/api/admin/data/export', headers, payload: { email } }),
      'data-request link': (email) =>
        answer({
          method: 'POST',
          url: `/api/data-request/export?${new URLSearchParams({
            address: email,
            token: dataRequestToken(secret, email),
          }).toString()}`,
          remoteAddress: nextClient(),
          headers: { accept: 'application/json', 'content-type': 'application/json' },
          payload: {},
        }),
      'unsubscribe link': (email) =>
        answer({
          method: 'POST',
          url: `/api/unsubscribe?${new URLSearchParams({ address: email, token: 'x' }).toString()}`,
          remoteAddress: nextClient(),
          headers: { accept: 'application/json' },
        }),
    };

    async function answer(request: InjectOptions) {
      const response = await testApp.app.inject(request);
      return { status: response.statusCode, body: response.body };
    }

    it('knows the forms it sends', () => {
      expect(FORMAT_CHARACTERS.length).toBeGreaterThan(150);
      expect(FORMAT_CHARACTERS).toEqual(
        expect.arrayContaining(['\u202e', '\u200b', '\u200d', '\u2060', '\ufeff', '\u{e0041}']),
      );
      for (const form of HOSTILE_FORMS)
        expect(isMailbox(form.trim().toLowerCase()), form).toBe(false);
    });

    it.each(Object.keys(entryPoints))(
      '%s refuses every other form with 400 and the spec’s message, storing and mailing nothing',
      async (name) => {
        const send = entryPoints[name]!;
        const before = await storedCounts(testApp);
        setup.smtp.reset('accept');
        for (const form of HOSTILE_FORMS) {
          const { status, body } = await send(form);
          expect({ form, status }).toEqual({ form, status: 400 });
          expect(body, form).toContain(INVALID_EMAIL_MESSAGE);
        }
        await outboxDrained(testApp.app.database.db);
        expect(await storedCounts(testApp)).toEqual(before);
        expect(setup.smtp.received).toEqual([]);
      },
    );

    it('a CSV import refuses every such line by name and imports none of them', async () => {
      const before = await storedCounts(testApp);
      const quote = (text: string) => `"${text.replaceAll('"', '""')}"`;
      const csv = [
        'email,created_at',
        ...HOSTILE_FORMS.map((form) => `${quote(form)},2025-03-01`),
        'fine.import@example.com,2025-03-01',
      ].join('\r\n');
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/admin/signups/import',
        headers: { ...headers, 'content-type': 'text/csv' },
        payload: csv,
      });
      expect(response.statusCode).toBe(200);
      const result = response.json<{
        created: number;
        invalid: number;
        errors: { line: number; message: string }[];
      }>();
      expect(result).toMatchObject({ created: 1, invalid: HOSTILE_FORMS.length });
      for (const error of result.errors)
        expect(error.message).toMatch(/^Please enter a valid email/);
      // The preview shows invisible characters as code points, never as the text they hide in.
      expect(result.errors.map((error) => error.message).join('\n')).not.toMatch(/\p{Cf}/u);
      const after = await storedCounts(testApp);
      expect(after).toEqual({ ...before, signups: before.signups! + 1 });
    });

    it('mails each accepted address alone, with an envelope of one recipient', async () => {
      setup.smtp.reset('accept');
      const mailed = ['one.json@example.com', 'two.early@example.com', 'three.test@example.com'];
      expect((await entryPoints['JSON signup']!(mailed[0]!)).status).toBe(200);
      expect((await entryPoints['admin early-access send']!(mailed[1]!)).status).toBe(200);
      expect((await entryPoints['admin test send']!(mailed[2]!)).status).toBe(200);
      await outboxDrained(testApp.app.database.db);
      expectOneMailboxEach(setup.smtp);
      const recipients = setup.smtp.received.map((mail) => mail.envelopeTo[0]).sort();
      expect(recipients).toEqual(
        testApp.app.config.signupConfirmation ? [...mailed].sort() : mailed.slice(1).sort(),
      );
    });

    it('delivery refuses an outbox row whose address is not one mailbox, whoever queued it', async () => {
      setup.smtp.reset('accept');
      const db = testApp.app.database.db;
      const ids: string[] = [];
      for (const form of HOSTILE_FORMS.slice(0, 40)) {
        const { id } = await enqueueMail(db, {
          to: form,
          template: 'early-access-invitation',
          requestedBy: 'an older version',
        });
        ids.push(id);
      }
      testApp.app.mailer.nudge();
      await outboxDrained(db);
      const rows = await db.selectFrom('mail_outbox').selectAll().where('id', 'in', ids).execute();
      expect(rows).toHaveLength(ids.length);
      for (const row of rows) {
        expect(row).toMatchObject({ status: 'dead', last_error: 'not one mailbox', attempts: 0 });
      }
      expect(setup.smtp.received).toEqual([]);
      expect(setup.smtp.mailFromCount).toBe(0);
    });
  },
);
