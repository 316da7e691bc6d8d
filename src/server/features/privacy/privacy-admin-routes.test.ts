import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PersonalData } from '../../../contract/privacy.ts';
import { adminHeaders } from '../../test/admin-session.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startMailTestSetup, type MailTestSetup } from '../../test/email-test-app.ts';
import { unsubscribeSecret } from '../../platform/links/unsubscribe-token.ts';
import { attachedData, outboxDrained, seedPerson } from '../../test/privacy-test-data.ts';
import { addressHash, ERASED_MESSAGE } from '../../platform/mail/suppression.ts';

const kinds = await testDatabaseKinds();
const ADMIN = 'curator@example.com';
const STRANGER = 'stranger@example.com';
const INVALID_EMAIL = 'Please enter a valid email address';

describe.each(kinds)('privacy requests from the dashboard on $name', (kind) => {
  let setup: MailTestSetup;
  let secret: string;
  const app = () => setup.testApp.app;
  const db = () => app().database.db;
  const post = (url: string, payload: unknown, headers = setup.headers) =>
    app().inject({ method: 'POST', url, headers, payload: payload as object });
  const audit = (action: string) =>
    db()
      .selectFrom('audit_log')
      .select(['actor', 'action', 'target'])
      .where('action', '=', action)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    setup = await startMailTestSetup(kind, [ADMIN]);
    secret = await unsubscribeSecret(db(), app().config.mail);
  });
  afterAll(() => setup.close());
  beforeEach(() => setup.smtp.reset('accept'));

  it('lets an admin download what is held about an address, audited', async () => {
    const person = 'downloaded@example.com';
    await seedPerson(db(), person, { admin: ADMIN, actedOn: 'someone@example.com' });

    const response = await app().inject({
      url: `/api/admin/data?email=${encodeURIComponent(' Downloaded@Example.com ')}`,
      headers: setup.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const data = response.json<PersonalData>();
    expect(data.address).toBe(person);
    expect(data.signups).toHaveLength(1);
    expect(data.whitelist).not.toBeNull();
    expect(data.appRegistration).toMatchObject({ accountId: `uid-${person}` });
    expect(JSON.stringify(data)).not.toContain('someone@example.com');
    expect(await audit('privacy.download')).toEqual([
      { actor: ADMIN, action: 'privacy.download', target: person },
    ]);
  });

  it('mails the copy to the person, never to the admin, once an hour; audited', async () => {
    const person = 'copied@example.com';
    await seedPerson(db(), person, { admin: ADMIN, actedOn: 'someone@example.com' });
    setup.smtp.reset('accept');

    const first = await post('/api/admin/data/export', { email: person });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      email: person,
      queued: true,
      message: `A copy of the data held about ${person} is queued to that address.`,
    });
    await outboxDrained(db());
    expect(setup.smtp.received.map((mail) => mail.envelopeTo)).toEqual([[person]]);
    const data = attachedData(setup.smtp.received[0]!);
    expect(data.address).toBe(person);
    expect(data.auditLog.at(-1)).toMatchObject({
      action: 'privacy.export',
      by: 'a member of the ReelScore team',
    });

    const again = await post('/api/admin/data/export', { email: person });
    expect(again.json()).toMatchObject({ queued: false });
    await outboxDrained(db());
    expect(setup.smtp.received).toHaveLength(1);
    expect(await audit('privacy.export')).toEqual([
      { actor: ADMIN, action: 'privacy.export', target: person },
    ]);
  });

  it('erases an address, audited under its hash; then refuses to mail it', async () => {
    const person = 'erased-by-admin@example.com';
    await seedPerson(db(), person, { admin: ADMIN, actedOn: 'someone@example.com' });
    await outboxDrained(db());

    const erased = await post('/api/admin/data/erase', { email: person });
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toEqual({
      success: true,
      email: person,
      removed: {
        signups: 1,
        whitelist: 1,
        appRegistrations: 1,
        unsubscribes: 1,
        mails: 1,
        auditEntries: 1,
      },
      message: `Everything held about ${person} is erased; the address will not be mailed again.`,
    });
    const label = `erased:${addressHash(secret, person)}`;
    expect(await audit('privacy.erase')).toContainEqual({
      actor: ADMIN,
      action: 'privacy.erase',
      target: label,
    });
    // Only as the actor of what they did as an admin (seedPerson) is the person still named.
    const rows = await db().selectFrom('audit_log').select(['action', 'target']).execute();
    expect(JSON.stringify(rows)).not.toContain(person);

    const refused = await post('/api/admin/data/export', { email: person });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: ERASED_MESSAGE });
  });

  it('refuses bad input with 400 and a message, and changes nothing', async () => {
    const before = await db().selectFrom('audit_log').selectAll().execute();
    for (const url of ['/api/admin/data', '/api/admin/data?email=not-an-address']) {
      const response = await app().inject({ url, headers: setup.headers });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ message: expect.any(String) });
    }
    for (const url of ['/api/admin/data/export', '/api/admin/data/erase']) {
      for (const [payload, message] of [
        [{ email: 'not an address' }, INVALID_EMAIL],
        [{ email: 'a@b' }, INVALID_EMAIL],
        [{}, expect.any(String)],
        [[], 'The request body must be a JSON object'],
        ['"someone@example.com"', 'The request body must be a JSON object'],
      ] as const) {
        const response = await app().inject({
          method: 'POST',
          url,
          headers: { ...setup.headers, 'content-type': 'application/json' },
          payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
        });
        expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
        expect(response.json()).toEqual({ message });
      }
      const text = await app().inject({
        method: 'POST',
        url,
        headers: { ...setup.headers, 'content-type': 'text/plain' },
        payload: 'someone@example.com',
      });
      expect(text.statusCode).toBe(415);
      expect(text.json()).toEqual({ message: expect.any(String) });
    }
    expect(await db().selectFrom('audit_log').selectAll().execute()).toEqual(before);
  });

  it('is for admins only', async () => {
    const stranger = (await adminHeaders(app(), STRANGER)).headers;
    const calls = [
      { method: 'GET' as const, url: '/api/admin/data?email=a%40example.com' },
      {
        method: 'POST' as const,
        url: '/api/admin/data/export',
        payload: { email: 'a@example.com' },
      },
      {
        method: 'POST' as const,
        url: '/api/admin/data/erase',
        payload: { email: 'a@example.com' },
      },
    ];
    for (const call of calls) {
      expect((await app().inject(call)).statusCode, call.url).toBe(401);
      expect((await app().inject({ ...call, headers: stranger })).statusCode, call.url).toBe(403);
    }
    const crossSite = await app().inject({
      ...calls[2]!,
      headers: { ...setup.headers, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await audit('privacy.erase')).not.toContainEqual(
      expect.objectContaining({ actor: STRANGER }),
    );
  });
});
