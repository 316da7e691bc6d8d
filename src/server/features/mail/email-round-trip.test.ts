import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test/databases.ts';
import type { TestApp } from '../../test/test-app.ts';
import { sendLogFor } from '../../test/send-log.ts';
import { startMailTestSetup, type MailTestSetup } from '../../test/email-test-app.ts';
import { MAIL_TEMPLATES } from '../../mail-templates.ts';
import type { TestSmtpServer } from '../../test/test-smtp-server.ts';

const kinds = await testDatabaseKinds();
const ADMIN = 'curator@example.com';

describe.each(kinds)('sending every template over real SMTP on $name', (kind) => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;
  let headers: Record<string, string>;

  let setup: MailTestSetup;
  beforeAll(async () => {
    setup = await startMailTestSetup(kind, [ADMIN]);
    ({ smtp, testApp, headers } = setup);
  });
  afterAll(() => setup.close());
  beforeEach(() => smtp.reset('accept'));

  it.each(MAIL_TEMPLATES.map((template) => [template.id, template] as const))(
    'delivers %s with both parts, the right headers and the returned Message-ID',
    async (_id, template) => {
      const to = `${template.id}@example.com`;
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/email/test',
        headers,
        payload: { email: to, templateType: template.id },
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ success: boolean; message: string; messageId: string }>();
      expect(body).toEqual({
        success: true,
        message: expect.stringContaining(to),
        messageId: expect.stringMatching(/^<[0-9a-f-]+@reelscore\.test>$/),
      });

      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0]!;
      expect(mail.envelopeTo).toEqual([to]);
      expect(mail.parsed.to?.[0]).toMatchObject({ address: to });
      expect(mail.parsed.from).toMatchObject({ address: 'hello@reelscore.app', name: 'ReelScore' });
      expect(mail.parsed.subject).toBe(template.subject);
      expect(mail.parsed.messageId).toBe(body.messageId);
      expect(mail.parsed.html).toContain('<html');
      expect(mail.parsed.html).toContain('https://reelscore.test/mail-wordmark.png');
      expect(mail.parsed.html).not.toMatch(/<script/i);
      expect(mail.parsed.text).toContain(to);

      const listUnsubscribe = mail.header('List-Unsubscribe');
      if (template.kind === 'marketing') {
        expect(listUnsubscribe).toMatch(
          /^<https:\/\/reelscore\.test\/api\/unsubscribe\?address=[^&]+&token=[\w-]+>$/,
        );
        expect(mail.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
        expect(mail.parsed.text).toContain('https://reelscore.test/api/unsubscribe?');
      } else {
        expect(listUnsubscribe).toBeUndefined();
      }

      const log = await sendLogFor(testApp.app.database.db, to);
      expect(log).toMatchObject([
        {
          template: template.id,
          status: 'sent',
          message_id: body.messageId,
          attempts: 1,
          error: null,
          requested_by: ADMIN,
        },
      ]);
    },
  );

  it('sends the early-access invitation with POST /api/email/early-access', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/email/early-access',
      headers,
      payload: { email: '  Invitee@Example.com ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true });
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.envelopeTo).toEqual(['invitee@example.com']);
    expect(mail.parsed.subject).toMatch(/early access/);
    expect(mail.parsed.text).toContain('https://reelscore.test/get-app');
    expect(mail.parsed.text).toContain('https://reelscore.test/get-extension');
    expect(mail.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
  });

  it('answers 404 with a message for an unknown template and sends nothing', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/email/test',
      headers,
      payload: { email: 'viewer@example.com', templateType: 'no-such-template' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Email template not found' });
    expect(smtp.mailFromCount).toBe(0);
  });

  it.each([
    'viewer@example.com\r\nBcc: victim@example.com',
    'viewer@example.com\nSubject: hi',
    'view\u0000er@example.com',
    'viewer@exa\u0085mple.com',
  ])('rejects the header-injecting address %j with 400 and sends nothing', async (email) => {
    for (const [url, payload] of [
      ['/api/email/test', { email, templateType: 'waitlist-confirmation' }],
      ['/api/email/early-access', { email }],
    ] as const) {
      const response = await testApp.app.inject({ method: 'POST', url, headers, payload });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ message: 'Please enter a valid email address' });
    }
    expect(smtp.mailFromCount).toBe(0);
  });
});
