import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test/databases.ts';
import { expectPersonPage } from '../../test/person-pages.ts';
import { startMailTestSetup, type MailTestSetup } from '../../test/email-test-app.ts';
import { enqueueMail } from '../../platform/mail/outbox-repository.ts';
import { unsubscribeSecret } from '../../platform/links/unsubscribe-token.ts';
import { dataRequestUrl } from '../../platform/links/data-request-token.ts';
import { erasePersonalData } from './erasure-repository.ts';
import {
  finished,
  outboxDrained,
  rowsNaming,
  seedPerson,
  snapshot,
} from '../../test/privacy-test-data.ts';
import { addressHash, ERASED_MESSAGE, isSuppressed } from '../../platform/mail/suppression.ts';

const kinds = await testDatabaseKinds();
const ADMIN = 'curator@example.com';
const BROWSER = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe.each(kinds)('erasure and the suppression that follows it on $name', (kind) => {
  let setup: MailTestSetup;
  let secret: string;
  const app = () => setup.testApp.app;
  const db = () => app().database.db;
  const erase = (address: string, actor = ADMIN) =>
    erasePersonalData(db(), { address, hash: addressHash(secret, address), actor });
  /** Queues a mail as any feature would, and waits for the worker's verdict. */
  const queueAndWait = async (to: string, template: string) => {
    const { id } = await enqueueMail(db(), { to, template, requestedBy: 'system' });
    app().mailer.nudge();
    return finished(db(), id);
  };

  beforeAll(async () => {
    setup = await startMailTestSetup(kind, [ADMIN]);
    secret = await unsubscribeSecret(db(), app().config.mail);
  });
  afterAll(() => setup.close());
  beforeEach(() => setup.smtp.reset('accept'));

  it('removes every row of the address in one go and counts what went', async () => {
    const person = 'counted@example.com';
    await seedPerson(db(), person, { admin: ADMIN, actedOn: 'elsewhere@example.com' });
    await outboxDrained(db());

    expect(await erase(person)).toEqual({
      signups: 1,
      whitelist: 1,
      appRegistrations: 1,
      unsubscribes: 1,
      mails: 1,
      auditEntries: 1,
    });
    const rows = await snapshot(db());
    const { audit_log: actedAs, ...others } = rowsNaming(rows, person);
    for (const [table, list] of Object.entries(others)) {
      expect(list, table).toEqual([]);
    }
    // Only what the person did as an admin still names them, as its actor.
    expect(actedAs).toEqual([
      expect.objectContaining({ actor: person, action: 'whitelist.remove' }),
    ]);
    // The erasure itself is audited under the hash, with the admin as actor.
    const label = `erased:${addressHash(secret, person)}`;
    const audit = await db()
      .selectFrom('audit_log')
      .select(['actor', 'action', 'target'])
      .where((eb) => eb.or([eb('target', '=', label), eb('actor', '=', person)]))
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { actor: ADMIN, action: 'whitelist.add', target: label },
      { actor: person, action: 'whitelist.remove', target: 'elsewhere@example.com' },
      { actor: ADMIN, action: 'privacy.erase', target: label },
    ]);

    // Again: nothing more to delete, one suppression entry, and a second audit entry.
    expect(await erase(person)).toEqual({
      signups: 0,
      whitelist: 0,
      appRegistrations: 0,
      unsubscribes: 0,
      mails: 0,
      auditEntries: 0,
    });
    const suppressions = await db()
      .selectFrom('email_suppressions')
      .selectAll()
      .where('address_hash', '=', addressHash(secret, person))
      .execute();
    expect(suppressions).toHaveLength(1);
  });

  it('changes nothing when any part fails (one transaction)', async () => {
    const person = 'atomic@example.com';
    await seedPerson(db(), person, { admin: ADMIN, actedOn: 'elsewhere@example.com' });
    await outboxDrained(db());
    const before = await snapshot(db());

    await sql`alter table email_suppressions rename to email_suppressions_away`.execute(db());
    try {
      await expect(erase(person)).rejects.toThrow();
    } finally {
      await sql`alter table email_suppressions_away rename to email_suppressions`.execute(db());
    }
    expect(await snapshot(db())).toEqual(before);
    expect(await isSuppressed(db(), secret, person)).toBe(false);
  });

  it('keeps an admin who erased their own address as the actor of everything they did', async () => {
    const person = 'self-eraser@example.com';
    await seedPerson(db(), person, { admin: person, actedOn: person });

    await erase(person, person);

    const label = `erased:${addressHash(secret, person)}`;
    const rows = await db()
      .selectFrom('audit_log')
      .select(['actor', 'action', 'target'])
      .where((eb) => eb.or([eb('actor', '=', person), eb('target', '=', label)]))
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { actor: person, action: 'whitelist.add', target: label },
      { actor: person, action: 'whitelist.remove', target: label },
      { actor: person, action: 'privacy.erase', target: label },
    ]);
    const targets = await db().selectFrom('audit_log').select('target').execute();
    expect(JSON.stringify(targets)).not.toContain(person);
  });

  it('never mails the address again, whatever the mail; others still get theirs', async () => {
    const person = 'gone-for-good@example.com';
    const other = 'still-here@example.com';
    await seedPerson(db(), person, { admin: ADMIN, actedOn: other });
    await outboxDrained(db());
    await erase(person);
    setup.smtp.reset('accept');

    for (const template of ['early-access-invitation', 'removal-notice', 'data-export']) {
      const row = await queueAndWait(person, template);
      expect(row, template).toMatchObject({
        status: 'suppressed',
        last_error: 'erased',
        failure_message: ERASED_MESSAGE,
        attempts: 0,
      });
    }
    // An admin's sends are refused with the reason (the invitation before it lets anyone in).
    for (const [url, payload, extra] of [
      ['/api/email/early-access', { email: person }, { isWhitelisted: false }],
      ['/api/email/test', { email: person, templateType: 'removal-notice' }, {}],
    ] as const) {
      const refused = await app().inject({ method: 'POST', url, headers: setup.headers, payload });
      expect(refused.statusCode, url).toBe(409);
      expect(refused.json()).toEqual({ success: false, message: ERASED_MESSAGE, ...extra });
    }
    // Signing up again stores the signup, but its confirmation mail does not leave.
    const signup = await app().inject({
      method: 'POST',
      url: '/api/utility/signup',
      payload: { email: person, signupType: 'general' },
    });
    expect(signup.statusCode).toBe(200);
    await outboxDrained(db());
    expect(setup.smtp.mailFromCount).toBe(0);

    expect((await queueAndWait(other, 'removal-notice')).status).toBe('sent');
    expect(setup.smtp.received.map((mail) => mail.envelopeTo)).toEqual([[other]]);

    // The old link now offers only erasure of what came back: no copy can be mailed.
    const link = new URL(dataRequestUrl('http://x', secret, person));
    const page = await app().inject({ url: link.pathname + link.search, headers: BROWSER });
    const text = expectPersonPage(page, 200);
    expect(text).toContain(`We no longer send mail to ${person}`);
    expect(page.body).not.toContain('Send me a copy');
    expect(page.body).toContain('>Delete your data</a>');
  });
});
