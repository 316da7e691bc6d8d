import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders } from '../../test/admin-session.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import type { TestApp } from '../../test/test-app.ts';
import { sql } from 'kysely';
import { sendLogFor } from '../../test/send-log.ts';
import { SEND_LOG_UNAVAILABLE_MESSAGE } from '../../platform/mail/mail-service.ts';
import { startEmailTestApp } from '../../test/email-test-app.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/test-smtp-server.ts';

const kinds = await testDatabaseKinds();
const ADMIN = 'curator@example.com';

/** A port nothing listens on: connections to it are refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise((done) => server.close(done));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function sendTest(testApp: TestApp, email: string) {
  const { headers } = await adminHeaders(testApp.app, ADMIN);
  const response = await testApp.app.inject({
    method: 'POST',
    url: '/api/email/test',
    headers,
    payload: { email, templateType: 'removal-notice' },
  });
  const log = await sendLogFor(testApp.app.database.db, email);
  return { response, body: response.json<Record<string, unknown>>(), log };
}

describe.each(kinds)('mail server faults on $name', (kind) => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    testApp = await startEmailTestApp(kind, { smtpUrl: smtp.url });
    testApp.app.config.adminEmails = new Set([ADMIN]);
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });

  it('retries a 421 and delivers exactly once, with the same Message-ID', async () => {
    smtp.reset('fail-once-421');
    const { response, body, log } = await sendTest(testApp, 'retry@example.com');
    expect(response.statusCode).toBe(200);
    expect(body).toMatchObject({ success: true });
    expect(smtp.mailFromCount).toBe(2);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.parsed.messageId).toBe(body.messageId);
    expect(log).toMatchObject([{ status: 'sent', attempts: 2, message_id: body.messageId }]);
  });

  it('does not retry a 550 and answers 502 with the reason', async () => {
    smtp.reset('reject-550');
    const { response, body, log } = await sendTest(testApp, 'unknown@example.com');
    expect(response.statusCode).toBe(502);
    expect(body).toEqual({
      success: false,
      message: expect.stringMatching(/rejected the mail \(550 No such user here\)/),
      messageId: expect.any(String),
    });
    expect(smtp.mailFromCount).toBe(1);
    expect(smtp.received).toHaveLength(0);
    expect(log).toMatchObject([
      { status: 'failed', attempts: 1, error: expect.stringContaining('550') },
    ]);
  });

  it('gives up on a server slower than the timeout, without retrying', async () => {
    smtp.reset('slow');
    const started = Date.now();
    const { response, body, log } = await sendTest(testApp, 'slow@example.com');
    expect(Date.now() - started).toBeLessThan(1400);
    expect(response.statusCode).toBe(502);
    expect(body).toMatchObject({
      success: false,
      message: 'The mail server did not answer in time. The mail was probably not sent.',
    });
    expect(smtp.mailFromCount).toBe(1);
    expect(log).toMatchObject([{ status: 'failed', attempts: 1, error: expect.any(String) }]);
    expect(smtp.received).toHaveLength(0);
  });

  it('has the message in the outbox before the mail leaves, and completes it after', async () => {
    smtp.reset('slow');
    const email = 'logged-first@example.com';
    const sending = sendTest(testApp, email);
    let pending: unknown[] = [];
    while (pending.length === 0) {
      await new Promise((done) => setTimeout(done, 10));
      pending = (await sendLogFor(testApp.app.database.db, email)).filter(
        (row) => row.status === 'pending',
      );
    }
    expect(pending).toMatchObject([{ attempts: 0, message_id: expect.stringMatching(/^</) }]);
    const { log } = await sending;
    expect(log).toMatchObject([{ status: 'failed', attempts: 1 }]);
  });

  it('sends nothing when the mail cannot be queued in the outbox, and says so', async () => {
    smtp.reset('accept');
    const db = testApp.app.database.db;
    await sql`alter table mail_outbox rename to mail_outbox_away`.execute(db);
    try {
      const { headers } = await adminHeaders(testApp.app, ADMIN);
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/email/test',
        headers,
        payload: { email: 'no-log@example.com', templateType: 'removal-notice' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ message: SEND_LOG_UNAVAILABLE_MESSAGE });
      expect(smtp.mailFromCount).toBe(0);
    } finally {
      await sql`alter table mail_outbox_away rename to mail_outbox`.execute(db);
    }
  });

  it('keeps working after the faults', async () => {
    smtp.reset('accept');
    const { response } = await sendTest(testApp, 'after@example.com');
    expect(response.statusCode).toBe(200);
    expect(smtp.received).toHaveLength(1);
  });
});

describe.each(kinds)('an unreachable mail server on $name', (kind) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startEmailTestApp(kind, {
      smtpUrl: `smtp://127.0.0.1:${await closedPort()}`,
    });
    testApp.app.config.adminEmails = new Set([ADMIN]);
  });
  afterAll(() => testApp.close());

  it('answers 502 after bounded retries, logs the failure and keeps serving', async () => {
    const { response, body, log } = await sendTest(testApp, 'refused@example.com');
    expect(response.statusCode).toBe(502);
    expect(body).toMatchObject({
      success: false,
      message: 'The mail server refused the connection after 3 attempts. Nothing was sent.',
    });
    expect(log).toMatchObject([
      { status: 'failed', attempts: 3, error: expect.stringContaining('ECONNREFUSED') },
    ]);
    const health = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });
});
