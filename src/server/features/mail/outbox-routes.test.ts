import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  MAX_RETRY_IDS,
  RETRY_BODY_MESSAGE,
  type OutboxResponse,
} from '../../../contract/outbox.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startMailTestSetup, type MailTestSetup } from '../../test/email-test-app.ts';
import { findOutboxMail } from '../../platform/mail/outbox-repository.ts';
import { OUTBOX_UNAVAILABLE_MESSAGE, RETRY_UNAVAILABLE_MESSAGE } from './outbox-routes.ts';

const kinds = await testDatabaseKinds();
const ADMIN = 'curator@example.com';
const TEMPLATE = 'removal-notice';
/** A well-formed id no message has. */
const ZERO_ID = '00000000-0000-7000-8000-000000000000';

describe.each(kinds)('the mail queue for admins on $name', (kind) => {
  let setup: MailTestSetup;
  const app = () => setup.testApp.app;
  const db = () => app().database.db;

  /** An admin's test send: with the server refusing, the message is dead after its one round. */
  async function send(email: string) {
    const response = await app().inject({
      method: 'POST',
      url: '/api/email/test',
      headers: setup.headers,
      payload: { email, templateType: TEMPLATE },
    });
    return response.statusCode;
  }

  async function deadMail(email: string): Promise<string> {
    setup.smtp.reset('reject-550');
    expect(await send(email)).toBe(502);
    const row = await db()
      .selectFrom('mail_outbox')
      .select(['id', 'status'])
      .where('to_address', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('dead');
    return row.id;
  }

  function list(query = '') {
    return app().inject({ url: `/api/admin/outbox${query}`, headers: setup.headers });
  }

  function retry(payload: unknown) {
    return app().inject({
      method: 'POST',
      url: '/api/admin/outbox/retry',
      headers: setup.headers,
      payload: payload as object,
    });
  }

  /** Waits (bounded) until the worker has finished the retried message. */
  async function finished(id: string) {
    for (let waited = 0; waited < 200; waited++) {
      const row = await findOutboxMail(db(), id);
      if (row && row.status !== 'queued' && row.status !== 'sending') return row;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error(`mail ${id} still waiting`);
  }

  const retryAudits = () =>
    db()
      .selectFrom('audit_log')
      .select(['actor', 'action', 'target'])
      .where('action', '=', 'mail.retry')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    setup = await startMailTestSetup(kind, [ADMIN]);
  });
  afterAll(() => setup.close());
  beforeEach(async () => {
    await db().deleteFrom('mail_outbox').execute();
    await db().deleteFrom('audit_log').execute();
  });

  it('lists a message the mail server refused as dead, with its failure', async () => {
    const id = await deadMail('refused@example.com');
    const response = await list();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<OutboxResponse>();
    expect(body.counts).toEqual({ queued: 0, sending: 0, sent: 0, dead: 1, suppressed: 0 });
    expect(body.pagination).toEqual({ total: 1, limit: 20, offset: 0 });
    expect(body.messages).toEqual([
      {
        id,
        to: 'refused@example.com',
        template: TEMPLATE,
        templateName: expect.any(String),
        status: 'dead',
        attempts: 1,
        rounds: 1,
        failureMessage: expect.stringMatching(/rejected the mail \(550 No such user here\)/),
        lastError: expect.stringContaining('550'),
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        finishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        nextAttemptAt: null,
        requestedBy: ADMIN,
      },
    ]);
  });

  it('delivers a retried message once the server accepts, and audits the retry', async () => {
    const id = await deadMail('second-chance@example.com');
    setup.smtp.reset('accept');
    const response = await retry({ ids: [id] });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ retried: 1 });

    expect(await finished(id)).toMatchObject({ status: 'sent', attempts: 2, rounds: 1 });
    expect(setup.smtp.received.map((mail) => mail.envelopeTo)).toEqual([
      ['second-chance@example.com'],
    ]);
    expect(await retryAudits()).toEqual([
      { actor: ADMIN, action: 'mail.retry', target: 'second-chance@example.com' },
    ]);
    const sent = (await list('?status=sent')).json<OutboxResponse>();
    expect(sent.counts).toMatchObject({ sent: 1, dead: 0 });
    expect(sent.messages).toMatchObject([{ id, status: 'sent', finishedAt: expect.any(String) }]);

    // Only dead mail is retried: the sent message is left alone and nothing more is audited.
    expect((await retry({ ids: [id] })).json()).toEqual({ retried: 0 });
    expect(await retryAudits()).toHaveLength(1);
  });

  it('retries every dead message with allDead, one audit entry each', async () => {
    const ids = [await deadMail('one@example.com'), await deadMail('two@example.com')];
    setup.smtp.reset('accept');
    expect((await retry({ allDead: true })).json()).toEqual({ retried: 2 });
    for (const id of ids) expect(await finished(id)).toMatchObject({ status: 'sent' });
    expect((await retryAudits()).map((entry) => entry.target).sort()).toEqual([
      'one@example.com',
      'two@example.com',
    ]);
    expect((await retry({ allDead: true })).json()).toEqual({ retried: 0 });
  });

  it('pages newest first and filters by state', async () => {
    const ids = [
      await deadMail('first@example.com'),
      await deadMail('second@example.com'),
      await deadMail('third@example.com'),
    ];
    const page = (await list('?status=dead&limit=2&offset=1')).json<OutboxResponse>();
    expect(page.messages.map((mail) => mail.id)).toEqual([ids[1], ids[0]]);
    expect(page.pagination).toEqual({ total: 3, limit: 2, offset: 1 });
    const queued = (await list('?status=queued')).json<OutboxResponse>();
    expect(queued.messages).toEqual([]);
    expect(queued.pagination.total).toBe(0);
  });

  const BODY = RETRY_BODY_MESSAGE;
  const IDS = `ids must list 1 to ${MAX_RETRY_IDS} message ids`;
  it.each([
    ['no fields', {}, BODY],
    ['an empty id list', { ids: [] }, IDS],
    ['an id that is not a message id', { ids: ['not-an-id'] }, 'Each id must be a message id'],
    ['ids that are not a list', { ids: 'x' }, IDS],
    ['too many ids', { ids: Array.from({ length: MAX_RETRY_IDS + 1 }, () => ZERO_ID) }, IDS],
    ['allDead false', { allDead: false }, BODY],
    ['both ids and allDead', { ids: [ZERO_ID], allDead: true }, BODY],
    ['an unknown field', { allDead: true, force: true }, BODY],
    ['a list', [ZERO_ID], BODY],
  ])(
    'refuses a retry with %s: 400 with a message, nothing changed',
    async (_name, payload, message) => {
      const id = await deadMail('kept@example.com');
      const response = await retry(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: expect.stringContaining(message) });
      expect((await findOutboxMail(db(), id))?.status).toBe('dead');
      expect(await retryAudits()).toEqual([]);
    },
  );

  it('takes the most ids one retry may name', async () => {
    const id = await deadMail('many@example.com');
    setup.smtp.reset('accept');
    const ids = [id, ...Array.from({ length: MAX_RETRY_IDS - 1 }, () => ZERO_ID)];
    const response = await retry({ ids });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ retried: 1 });
    expect(await finished(id)).toMatchObject({ status: 'sent' });
  });

  it.each([
    ['an unknown status', '?status=lost', 'status must be one of'],
    ['a limit over 100', '?limit=101', 'limit must be a whole number from 1 to 100'],
    ['a negative offset', '?offset=-1', 'offset must be a whole number, 0 or more'],
  ])('refuses a list with %s: 400 with a message', async (_name, query, message) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.stringContaining(message) });
  });

  it('says the queue is unavailable when the database fails', async () => {
    await sql`alter table mail_outbox rename to mail_outbox_away`.execute(db());
    try {
      const response = await list();
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: OUTBOX_UNAVAILABLE_MESSAGE });
    } finally {
      await sql`alter table mail_outbox_away rename to mail_outbox`.execute(db());
    }
  });

  it('leaves the message dead when its audit entry cannot be written', async () => {
    const id = await deadMail('unaudited@example.com');
    setup.smtp.reset('accept');
    await sql`alter table audit_log rename to audit_log_away`.execute(db());
    try {
      const response = await retry({ ids: [id] });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: RETRY_UNAVAILABLE_MESSAGE });
    } finally {
      await sql`alter table audit_log_away rename to audit_log`.execute(db());
    }
    expect((await findOutboxMail(db(), id))?.status).toBe('dead');
    expect(setup.smtp.received).toEqual([]);
  });
});
