import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders } from '../../test/admin-session.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import type { TestApp } from '../../test/test-app.ts';
import { startEmailTestApp } from '../../test/email-test-app.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/test-smtp-server.ts';

const [sqlite] = await testDatabaseKinds();

describe('rate limits on sends', () => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    testApp = await startEmailTestApp(sqlite!, {
      smtpUrl: smtp.url,
      rateLimit: { max: 2, windowMs: 60_000 },
    });
    testApp.app.config.adminEmails = new Set(['ana@example.com', 'bo@example.com']);
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });

  const send = async (admin: string, email: string, url = '/api/email/early-access') =>
    testApp.app.inject({
      method: 'POST',
      url,
      headers: (await adminHeaders(testApp.app, admin)).headers,
      payload: { email, templateType: 'removal-notice' },
    });

  it('limits sends to one address across admins and routes', async () => {
    expect((await send('ana@example.com', 'target@example.com')).statusCode).toBe(200);
    expect((await send('bo@example.com', 'target@example.com', '/api/email/test')).statusCode).toBe(
      200,
    );
    const limited = await send('bo@example.com', 'target@example.com');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: expect.stringMatching(/^Too many emails/) });
  });

  it('limits sends by one admin across addresses', async () => {
    // ana sent once above; one more is allowed, the next is refused.
    expect((await send('ana@example.com', 'one@example.com')).statusCode).toBe(200);
    const limited = await send('ana@example.com', 'two@example.com');
    expect(limited.statusCode).toBe(429);
    expect(smtp.received.map((mail) => mail.envelopeTo[0])).not.toContain('two@example.com');
  });
});
