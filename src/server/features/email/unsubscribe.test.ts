import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test/databases.ts';
import type { TestApp } from '../../test/test-app.ts';
import { sendLogFor } from './email-repository.ts';
import { startMailTestSetup, type MailTestSetup } from './email-test-app.ts';
import { UNSUBSCRIBED_MESSAGE } from './mail-service.ts';
import type { TestSmtpServer } from './test-smtp-server.ts';

const kinds = await testDatabaseKinds();
const ADMIN = 'curator@example.com';

describe.each(kinds)('one-click unsubscribe on $name', (kind) => {
  let smtp: TestSmtpServer;
  let testApp: TestApp;
  let headers: Record<string, string>;

  let setup: MailTestSetup;
  beforeAll(async () => {
    setup = await startMailTestSetup(kind, [ADMIN]);
    ({ smtp, testApp, headers } = setup);
  });
  afterAll(() => setup.close());

  const send = (url: string, payload: object) =>
    testApp.app.inject({ method: 'POST', url, headers, payload });

  it('unsubscribes with the link from the header; later marketing mail is refused', async () => {
    const to = 'leaver@example.com';
    smtp.reset('accept');
    expect((await send('/api/email/early-access', { email: to })).statusCode).toBe(200);
    const link = /^<(.+)>$/.exec(smtp.received[0]!.header('List-Unsubscribe') ?? '')?.[1];
    expect(link).toBeDefined();
    const url = new URL(link!);

    // The page a person sees changes nothing (link scanners follow GETs).
    const page = await testApp.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<form method="post"');

    // What a mail provider sends (RFC 8058): a form POST, no cookie, no origin.
    const click = await testApp.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(click.statusCode).toBe(200);
    expect(click.json()).toMatchObject({ success: true });
    expect(click.headers['set-cookie']).toBeUndefined();

    smtp.reset('accept');
    for (const [path, payload] of [
      ['/api/email/early-access', { email: to }],
      ['/api/email/test', { email: to, templateType: 'waitlist-confirmation' }],
    ] as const) {
      const refused = await send(path, payload);
      expect(refused.statusCode, path).toBe(409);
      expect(refused.json(), path).toEqual({ success: false, message: UNSUBSCRIBED_MESSAGE });
    }
    expect(smtp.mailFromCount).toBe(0);

    // Notices about the person's own access still go out.
    const notice = await send('/api/email/test', { email: to, templateType: 'removal-notice' });
    expect(notice.statusCode).toBe(200);

    const log = await sendLogFor(testApp.app.database.db, to);
    expect(log.map((row) => [row.template, row.status])).toEqual([
      ['early-access-invitation', 'sent'],
      ['early-access-invitation', 'refused'],
      ['waitlist-confirmation', 'refused'],
      ['removal-notice', 'sent'],
    ]);
  });

  it('refuses a link whose token does not match the address, and changes nothing', async () => {
    for (const query of [
      'address=victim%40example.com&token=forged',
      'address=victim%40example.com',
      'token=abc',
    ]) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: `/api/unsubscribe?${query}`,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toEqual({ error: expect.any(String) });
    }
    const rows = await testApp.app.database.db
      .selectFrom('email_unsubscribes')
      .selectAll()
      .where('email', '=', 'victim@example.com')
      .execute();
    expect(rows).toEqual([]);
  });
});
