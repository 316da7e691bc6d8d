import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../config.ts';
import { toDate } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import {
  confirmSignup,
  CONFIRMATION_TEMPLATE,
  resendConfirmation,
} from './confirmation-repository.ts';
import { findSignupByEmail, insertSignup, insertSignups } from './signup-repository.ts';

const kinds = await testDatabaseKinds();

const start = Date.UTC(2026, 3, 1, 8, 0);
/** A time `minutes` after a fixed start: limits are checked against explicit times, no sleeping. */
const at = (minutes: number) => new Date(start + minutes * 60_000);
const HOUR = 60;
const form = (email: string) => ({ email, program: 'CLOSED_ALPHA', source: 'general' });

describe.each(kinds)('confirmation mails of signups on $name', (kind) => {
  let testApp: TestApp;
  const db = () => testApp.app.database.db;
  /** The confirmation mails queued for an address, oldest first. */
  const mails = async (email: string) => {
    const rows = await db()
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', email)
      .where('template', '=', CONFIRMATION_TEMPLATE)
      .orderBy('created_at')
      .execute();
    return rows.map((row) => ({
      ...row,
      params: JSON.parse(row.params) as Record<string, string>,
    }));
  };
  const signupOf = async (email: string) => {
    const row = await findSignupByEmail(db(), email);
    if (!row) throw new Error(`no signup of ${email}`);
    return row;
  };
  const signUp = (email: string, when: Date) => insertSignup(db(), form(email), when, 'mail');

  beforeAll(async () => {
    testApp = await startTestApp(kind);
  });
  afterAll(() => testApp.close());

  it('queues exactly one mail for a new address, naming its signup and the time', async () => {
    expect(await signUp('first@example.com', at(0))).toEqual({ created: true });

    const signup = await signupOf('first@example.com');
    expect(signup.confirmed_at).toBeNull();
    const [mail, ...more] = await mails('first@example.com');
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      to_address: 'first@example.com',
      template: 'waitlist-confirmation',
      params: { signupId: signup.id, issuedAt: at(0).toISOString() },
      status: 'queued',
      requested_by: 'system',
    });
    expect(toDate(mail!.created_at)).toEqual(at(0));
  });

  it('saves neither the signup nor its mail when the mail cannot be queued', async () => {
    const away = sql`alter table mail_outbox rename to mail_outbox_away`;
    await away.execute(db());
    try {
      const outcomes = await insertSignups(
        db(),
        [form('lost1@example.com'), form('lost2@example.com')],
        at(0),
        'mail',
      );
      expect(outcomes.map((outcome) => outcome.ok)).toEqual([false, false]);
    } finally {
      await sql`alter table mail_outbox_away rename to mail_outbox`.execute(db());
    }
    expect(await findSignupByEmail(db(), 'lost1@example.com')).toBeUndefined();
    expect(await findSignupByEmail(db(), 'lost2@example.com')).toBeUndefined();
  });

  it('queues no mail for a signup that fails, and one for each of the others in its batch', async () => {
    const bad = { ...form('bad@example.com'), source: null as unknown as string };

    const outcomes = await insertSignups(
      db(),
      [form('batch1@example.com'), bad, form('batch2@example.com'), form('batch1@example.com')],
      at(0),
      'mail',
    );

    expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, false, true, true]);
    expect(await mails('bad@example.com')).toEqual([]);
    expect(await mails('batch1@example.com')).toHaveLength(1);
    expect(await mails('batch2@example.com')).toHaveLength(1);
  });

  it('sends a known unconfirmed address a new mail at most once an hour and 3 times a day', async () => {
    const email = 'again@example.com';
    const count = async () => (await mails(email)).length;
    await signUp(email, at(0));

    await signUp(email, at(30));
    expect(await count()).toBe(1);
    await signUp(email, at(HOUR));
    expect(await count()).toBe(2);
    await signUp(email, at(HOUR + 59));
    expect(await count()).toBe(2);
    await signUp(email, at(2 * HOUR));
    expect(await count()).toBe(3);
    await signUp(email, at(3 * HOUR));
    await signUp(email, at(23 * HOUR));
    expect(await count()).toBe(3);
    // A day after the first, two of the three are still within the last 24 hours.
    await signUp(email, at(24 * HOUR + 1));
    expect(await count()).toBe(4);
    await signUp(email, at(24 * HOUR + 30));
    expect(await count()).toBe(4);

    const issued = (await mails(email)).map((mail) => mail.params.issuedAt);
    expect(issued).toEqual([0, HOUR, 2 * HOUR, 24 * HOUR + 1].map((m) => at(m).toISOString()));
    expect((await signupOf(email)).signup_count).toBe(9);
  });

  it('sends a confirmed address nothing new', async () => {
    await signUp('confirmed@example.com', at(0));
    const { id } = await signupOf('confirmed@example.com');
    expect(await confirmSignup(db(), id, at(5))).toBe(true);

    await signUp('confirmed@example.com', at(2 * HOUR));
    await signUp('confirmed@example.com', at(30 * HOUR));

    expect(await mails('confirmed@example.com')).toHaveLength(1);
    expect(toDate((await signupOf('confirmed@example.com')).confirmed_at!)).toEqual(at(5));
  });

  it('queues one mail for an address that many signups of the same moment repeat', async () => {
    const email = 'crowd@example.com';
    await signUp(email, at(0));

    // Separate batches, committed in parallel on PostgreSQL: the row lock orders them.
    await Promise.all(
      Array.from({ length: 6 }, () => insertSignups(db(), [form(email)], at(2 * HOUR), 'mail')),
    );

    expect(await mails(email)).toHaveLength(2);
    expect((await signupOf(email)).signup_count).toBe(7);
  });

  it('queues one mail for signups of the same moment either side of a clock hour', async () => {
    const email = 'hour@example.com';
    await signUp(email, at(0));

    // The dedupe key changes with the hour, so only the limit keeps the second mail out: a batch
    // that waits for another's lock on the address must count the mail that one queued.
    const moments = [2 * HOUR - 0.001, 2 * HOUR + 0.001];
    await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        insertSignups(db(), [form(email)], at(moments[index % 2]!), 'mail'),
      ),
    );

    const queued = await mails(email);
    expect(queued).toHaveLength(2);
    expect((await signupOf(email)).signup_count).toBe(9);
  });

  it('with confirmation off, stores a new signup confirmed at its creation and queues nothing', async () => {
    await insertSignup(db(), form('trusted@example.com'), at(10), 'at-once');
    await insertSignups(db(), [form('trusted@example.com')], at(20), 'at-once');
    // A known unconfirmed address stays as it was: nobody confirmed it.
    await insertSignup(db(), form('earlier@example.com'), at(0));
    await insertSignups(db(), [form('earlier@example.com')], at(20), 'at-once');

    const trusted = await signupOf('trusted@example.com');
    expect(toDate(trusted.confirmed_at!)).toEqual(at(10));
    expect(toDate(trusted.confirmed_at!)).toEqual(toDate(trusted.created_at));
    expect((await signupOf('earlier@example.com')).confirmed_at).toBeNull();
    expect(await mails('trusted@example.com')).toEqual([]);
    expect(await mails('earlier@example.com')).toEqual([]);
  });

  it('confirms a signup once', async () => {
    await signUp('once@example.com', at(0));
    const { id } = await signupOf('once@example.com');

    expect(await confirmSignup(db(), id, at(1))).toBe(true);
    expect(await confirmSignup(db(), id, at(2))).toBe(false);
    expect(await confirmSignup(db(), 'no-such-signup', at(2))).toBe(false);
    expect(toDate((await signupOf('once@example.com')).confirmed_at!)).toEqual(at(1));
  });

  it('resends from an expired link within the same limits, and never to a confirmed signup', async () => {
    await signUp('late@example.com', at(0));
    const { id } = await signupOf('late@example.com');

    expect(await resendConfirmation(db(), id, at(30))).toBe('limited');
    expect(await resendConfirmation(db(), id, at(8 * 24 * HOUR))).toBe('queued');
    expect(await resendConfirmation(db(), id, at(8 * 24 * HOUR + 10))).toBe('limited');
    expect(await mails('late@example.com')).toHaveLength(2);
    expect((await mails('late@example.com'))[1]!.params).toEqual({
      signupId: id,
      issuedAt: at(8 * 24 * HOUR).toISOString(),
    });

    await confirmSignup(db(), id, at(9 * 24 * HOUR));
    expect(await resendConfirmation(db(), id, at(10 * 24 * HOUR))).toBe('confirmed');
    expect(await resendConfirmation(db(), 'no-such-signup', at(0))).toBe('missing');
    expect(await mails('late@example.com')).toHaveLength(2);
  });
});

describe('the SIGNUP_CONFIRMATION setting', () => {
  it('is on by default, and takes true or false only', () => {
    expect(parseEnv({}).SIGNUP_CONFIRMATION).toBe(true);
    expect(parseEnv({ SIGNUP_CONFIRMATION: 'true' }).SIGNUP_CONFIRMATION).toBe(true);
    expect(parseEnv({ SIGNUP_CONFIRMATION: 'false' }).SIGNUP_CONFIRMATION).toBe(false);
    expect(() => parseEnv({ SIGNUP_CONFIRMATION: 'no' })).toThrow(
      /SIGNUP_CONFIRMATION: must be true or false/,
    );
  });
});
