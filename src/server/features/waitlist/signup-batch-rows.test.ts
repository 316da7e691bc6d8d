import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDate } from '../../db/schema.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { confirmSignup, CONFIRMATION_TEMPLATE } from './confirmation-repository.ts';
import { findSignupByEmail, insertSignup, insertSignups } from './signup-repository.ts';

const kinds = await testDatabaseKinds();

// In the future: the mails and deliveries are not due yet, so the service's workers leave them as
// the batch wrote them, and every field can be compared.
const start = Date.UTC(2100, 5, 1, 9, 0, 0, 123);
const at = (minutes: number) => new Date(start + minutes * 60_000);
const form = (email: string) => ({ email, program: 'CLOSED_ALPHA', source: 'general' });
/** A version 7 UUID whose first 48 bits are `ms`. */
const uuidV7Of = (ms: number) => {
  const hex = ms.toString(16).padStart(12, '0');
  return new RegExp(
    `^${hex.slice(0, 8)}-${hex.slice(8)}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`,
  );
};

/**
 * What a batch of signups writes besides its rows, field by field. On PostgreSQL a batch with its
 * confirmation mails is one call of a database function (migration 0026), on SQLite statements
 * from the service: both must write the same mails and webhook deliveries.
 */
describe.each(kinds)('the rows a batch of signups writes on $name', (kind) => {
  let testApp: TestApp;
  const db = () => testApp.app.database.db;
  const endpoint = (id: string, events: string[], disabled: boolean) => ({
    id,
    url: `https://${id}.example.com/hooks`,
    secret: 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0',
    events: JSON.stringify(events),
    origin: 'dashboard' as const,
    created_by: 'admin@example.com',
    created_at: at(-60).toISOString(),
    disabled_at: disabled ? at(-30).toISOString() : null,
  });
  const idOf = async (email: string) => (await findSignupByEmail(db(), email))!.id;

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    await db()
      .insertInto('webhook_endpoints')
      .values([
        endpoint('created', ['signup.created', 'signup.confirmed'], false),
        endpoint('disabled', ['signup.created'], true),
        endpoint('whitelist', ['whitelist.added'], false),
      ])
      .execute();
  });
  afterAll(() => testApp.close());

  it('queues each mail and delivery as the rules say, with every field of the row', async () => {
    await insertSignup(db(), form('known@example.com'), at(0), 'mail');
    await insertSignup(db(), form('confirmed@example.com'), at(0), 'mail');
    expect(await confirmSignup(db(), await idOf('confirmed@example.com'), at(1))).toBe(true);
    const now = at(120);

    const outcomes = await insertSignups(
      db(),
      ['new-b', 'known', 'new-a', 'confirmed', 'new-b'].map((name) => form(`${name}@example.com`)),
      now,
      'mail',
    );

    expect(outcomes).toEqual(
      [true, false, true, false, false].map((created) => ({ ok: true, value: { created } })),
    );
    const mails = await db()
      .selectFrom('mail_outbox')
      .selectAll()
      .where('template', '=', CONFIRMATION_TEMPLATE)
      .where('created_at', '=', now.toISOString())
      .orderBy('to_address')
      .execute();
    const hour = String(Math.floor(now.getTime() / 3_600_000));
    const expectedMail = async (name: string) => {
      const id = await idOf(`${name}@example.com`);
      return {
        id: expect.stringMatching(uuidV7Of(now.getTime())),
        to_address: `${name}@example.com`,
        template: 'waitlist-confirmation',
        message_id: null,
        params: `{"signupId":"${id}","issuedAt":"${now.toISOString()}"}`,
        status: 'queued',
        attempts: 0,
        rounds: 0,
        max_rounds: 6,
        priority: 1,
        lease_until: null,
        leased_by: null,
        last_error: null,
        failure_message: null,
        smtp_response: null,
        requested_by: 'system',
        dedupe_key: `waitlist-confirmation:${id}:${hour}`,
        finished_at: null,
      };
    };
    expect(
      mails.map(({ next_attempt_at, created_at, ...mail }) => ({
        ...mail,
        created: toDate(created_at),
        due: toDate(next_attempt_at),
      })),
    ).toEqual(
      await Promise.all(
        ['known', 'new-a', 'new-b'].map(async (name) => ({
          ...(await expectedMail(name)),
          created: now,
          due: now,
        })),
      ),
    );
    expect(new Set(mails.map((mail) => mail.id)).size).toBe(3);

    const deliveries = await db()
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('event_type', '=', 'signup.created')
      .where('created_at', '=', now.toISOString())
      .orderBy('subject')
      .execute();
    expect(
      deliveries.map(({ created_at, next_attempt_at, ...delivery }) => ({
        ...delivery,
        at: toDate(created_at),
        due: toDate(next_attempt_at),
      })),
    ).toEqual(
      await Promise.all(
        ['new-a', 'new-b'].map(async (name) => ({
          id: expect.stringMatching(new RegExp(`^msg_${uuidV7Of(now.getTime()).source.slice(1)}`)),
          endpoint_id: 'created',
          event_type: 'signup.created',
          subject: `${name}@example.com`,
          payload: JSON.stringify({
            type: 'signup.created',
            timestamp: now.toISOString(),
            data: {
              id: await idOf(`${name}@example.com`),
              email: `${name}@example.com`,
              type: 'CLOSED_ALPHA',
              source: 'general',
              createdAt: now.toISOString(),
            },
          }),
          status: 'queued',
          attempts: 0,
          lease_until: null,
          leased_by: null,
          last_status: null,
          last_error: null,
          last_attempt_at: null,
          finished_at: null,
          at: now,
          due: now,
        })),
      ),
    );
    expect(deliveries[0]!.id).not.toBe(deliveries[1]!.id);
    expect((await findSignupByEmail(db(), 'new-b@example.com'))!.signup_count).toBe(2);
    expect((await findSignupByEmail(db(), 'known@example.com'))!.signup_count).toBe(2);
  });

  it('writes an address that needs quoting in JSON and SQL as it came', async () => {
    const email = `"o'brien\\x"@example.com`;
    expect(await insertSignup(db(), form(email), at(200), 'mail')).toEqual({ created: true });
    const mail = await db()
      .selectFrom('mail_outbox')
      .select(['to_address', 'params'])
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(mail.params)).toEqual({
      signupId: await idOf(email),
      issuedAt: at(200).toISOString(),
    });
    const delivery = await db()
      .selectFrom('webhook_deliveries')
      .select(['payload'])
      .where('subject', '=', email)
      .executeTakeFirstOrThrow();
    expect((JSON.parse(delivery.payload) as { data: { email: string } }).data.email).toBe(email);
  });
});
