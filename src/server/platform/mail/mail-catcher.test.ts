import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders } from '../../test/admin-session.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import type { TestApp } from '../../test/test-app.ts';
import { startEmailTestApp } from '../../test/email-test-app.ts';

const kinds = await testDatabaseKinds();
const ADMIN = 'curator@example.com';

describe.each(kinds)('the local mail catcher (no SMTP_URL) on $name', (kind) => {
  let testApp: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    testApp = await startEmailTestApp(kind);
    testApp.app.config.adminEmails = new Set([ADMIN]);
    headers = (await adminHeaders(testApp.app, ADMIN)).headers;
  });
  afterAll(() => testApp.close());

  it('receives a sent mail over SMTP and shows an admin its text, never its HTML', async () => {
    const sent = await testApp.app.inject({
      method: 'POST',
      url: '/api/email/test',
      headers,
      payload: { email: 'newcomer@example.com', templateType: 'waitlist-confirmation' },
    });
    expect(sent.statusCode).toBe(200);

    const mailbox = await testApp.app.inject({
      method: 'GET',
      url: '/api/email/mailbox',
      headers,
    });
    expect(mailbox.statusCode).toBe(200);
    const body = mailbox.json<{ enabled: boolean; messages: Record<string, string>[] }>();
    expect(body.enabled).toBe(true);
    expect(body.messages).toEqual([
      {
        id: expect.any(String),
        to: 'newcomer@example.com',
        subject: 'Confirm your place on the ReelScore waitlist',
        text: expect.stringContaining('Thanks for signing up with newcomer@example.com'),
        receivedAt: expect.any(String),
      },
    ]);
    expect(body.messages[0]!.text).not.toContain('<');
  });
});
