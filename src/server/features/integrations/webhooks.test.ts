import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES, type WebhookEndpointList } from '../../../contract/webhooks.ts';
import { testConfig } from '../../test/test-config.ts';
import { adminHeaders } from '../../test/admin-session.ts';
import { appIdToken } from '../../test/app-id-token.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startListeningApp } from '../../test/listening-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.ts';
import { referralCodeFor } from '../../platform/line/referrals.ts';
import { confirmSignup } from '../waitlist/confirmation-repository.ts';
import { newWebhookSecret } from './webhook-repository.ts';
import { WEBHOOK_USER_AGENT } from './webhook-sender.ts';

const kinds = await testDatabaseKinds();
const ADMIN = 'hooks-admin@example.com';
/** The events about one address; the referral events are about a referral's owner. */
const ADDRESS_EVENTS = WEBHOOK_EVENT_TYPES.filter((type) => !type.startsWith('referral.'));

async function until<T>(read: () => T | Promise<T>, done: (value: T) => boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(kinds)('signed webhooks on $name', (kind) => {
  const secret = newWebhookSecret();
  let receiver: WebhookReceiver;
  let service: TestApp & { origin: string };
  let admin: Record<string, string>;

  const db = () => service.app.database.db;
  const json = { 'content-type': 'application/json' };
  const endpoints = async () =>
    (
      await service.app.inject({ url: '/api/admin/webhooks', headers: admin })
    ).json<WebhookEndpointList>().endpoints;
  const fromSetting = async () => (await endpoints()).find((hook) => hook.origin === 'setting')!;
  const post = (url: string, payload: object, headers: Record<string, string> = admin) =>
    service.app.inject({ method: 'POST', url, payload, headers: { ...headers, ...json } });
  const unlist = (email: string) =>
    service.app.inject({
      method: 'DELETE',
      url: '/api/admin/whitelist/remove',
      payload: { email },
      headers: { ...admin, ...json },
    });
  const signUp = (email: string) =>
    post('/api/utility/signup', { email, signupType: 'general' }, {});

  beforeAll(async () => {
    receiver = await startWebhookReceiver(() => secret);
    service = await startListeningApp(kind, {
      adminEmails: new Set([ADMIN]),
      signupConfirmation: true,
      webhooks: {
        ...testConfig().webhooks,
        urls: [receiver.url],
        secret,
        // The receivers listen on this machine: allowed explicitly, as an operator would.
        allowPrivateTargets: ['127.0.0.1'],
        // Quick retries: 0.1 s, then 0.2 s (three attempts in all).
        retryWaitsMs: [100, 200],
        timeoutMs: 500,
        worker: { ...testConfig().webhooks.worker, pollMs: 20 },
      },
    });
    admin = (await adminHeaders(service.app, ADMIN)).headers;
  });
  afterEach(() => receiver.answerWith(() => 200));
  afterAll(async () => {
    await service?.close();
    await receiver?.close();
  });

  it('sends each of the five events about an address once, signed as Standard Webhooks defines', async () => {
    const email = `every-event-${kind.name}@example.com`;
    expect((await signUp(email)).statusCode).toBe(200);
    // A repeat is not a new signup: no second event.
    expect((await signUp(email)).statusCode).toBe(200);
    const signup = await db()
      .selectFrom('signups')
      .select(['id', 'email'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(await confirmSignup(db(), signup.id)).toBe(true);
    expect(await confirmSignup(db(), signup.id)).toBe(false);
    expect((await post('/api/admin/whitelist/add', { email })).statusCode).toBe(200);
    const registered = await fetch(`${service.origin}/api/app/register`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await appIdToken(service.origin, email)}` },
    });
    expect(registered.status).toBe(200);
    expect((await unlist(email)).statusCode).toBe(200);

    const about = () => receiver.received.filter((hook) => hook.data.email === email);
    const seen = await until(about, (hooks) => hooks.length >= 5);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(about()).toHaveLength(5);
    expect(seen.map((hook) => hook.type).sort()).toEqual(ADDRESS_EVENTS.sort());
    expect(new Set(seen.map((hook) => hook.id)).size).toBe(5);
    for (const hook of seen) {
      expect(hook.signatureValid).toBe(true);
      expect(hook.id).toMatch(/^msg_[0-9a-f-]{36}$/);
      expect(hook.userAgent).toBe(WEBHOOK_USER_AGENT);
      expect(Math.abs(hook.timestamp - Date.now() / 1000)).toBeLessThan(60);
      // The reference library accepts it too.
      expect(() =>
        new Webhook(secret).verify(hook.body, {
          'webhook-id': hook.id,
          'webhook-timestamp': String(hook.timestamp),
          'webhook-signature': new Webhook(secret).sign(
            hook.id,
            new Date(hook.timestamp * 1000),
            hook.body,
          ),
        }),
      ).not.toThrow();
    }
    const byType = Object.fromEntries(seen.map((hook) => [hook.type, hook.data]));
    expect(byType['signup.created']).toEqual({
      id: signup.id,
      email,
      type: expect.any(String),
      source: 'general',
      createdAt: expect.any(String),
    });
    expect(byType['signup.confirmed']).toEqual({
      id: signup.id,
      email,
      confirmedAt: expect.any(String),
    });
    expect(byType['whitelist.added']).toEqual({
      email,
      addedBy: ADMIN,
      addedAt: expect.any(String),
    });
    expect(byType['whitelist.removed']).toEqual({
      email,
      removedBy: ADMIN,
      removedAt: expect.any(String),
    });
    expect(byType['user.registered']).toEqual({
      uid: expect.any(String),
      email,
      registeredAt: expect.any(String),
    });

    const hook = await until(fromSetting, (found) => found.deliveries.queued === 0);
    expect(hook).toMatchObject({
      url: receiver.url,
      origin: 'setting',
      events: [...WEBHOOK_EVENT_TYPES],
      last: { status: 'delivered', httpStatus: 200, error: null },
    });
    expect(hook.deliveries.delivered).toBeGreaterThanOrEqual(5);
  });

  it('sends referral.credited and referral.flagged about the owner, never the friend’s address', async () => {
    const owner = `owner-${kind.name}@gmail.com`;
    await signUp(owner);
    const ownerRow = await db()
      .selectFrom('signups')
      .select('id')
      .where('email', '=', owner)
      .executeTakeFirstOrThrow();
    await confirmSignup(db(), ownerRow.id);
    const code = await referralCodeFor(db(), ownerRow.id);
    const friends = [`friend-${kind.name}@example.org`, `owner-${kind.name}+again@gmail.com`];
    for (const friend of friends) {
      expect(
        (await post('/api/utility/signup', { email: friend, signupType: 'general', ref: code }, {}))
          .statusCode,
      ).toBe(200);
      const row = await db()
        .selectFrom('signups')
        .select('id')
        .where('email', '=', friend)
        .executeTakeFirstOrThrow();
      await confirmSignup(db(), row.id);
    }
    const about = () =>
      receiver.received.filter(
        (hook) => hook.type.startsWith('referral.') && hook.data.ownerEmail === owner,
      );
    const seen = await until(about, (hooks) => hooks.length >= 2);
    expect(seen.map((hook) => hook.type).sort()).toEqual(['referral.credited', 'referral.flagged']);
    const flagged = seen.find((hook) => hook.type === 'referral.flagged')!;
    expect(flagged.data).toEqual({
      id: expect.any(String),
      ownerId: ownerRow.id,
      ownerEmail: owner,
      friendId: expect.any(String),
      at: expect.any(String),
      reasons: ['same-person'],
    });
    for (const hook of seen) {
      expect(hook.signatureValid).toBe(true);
      for (const friend of friends) expect(hook.body).not.toContain(friend);
    }
  });

  it('tries a failing receiver again with the same id, signing each attempt anew', async () => {
    receiver.answerWith((attempt) => (attempt < 3 ? 500 : 204));
    const email = `retried-${kind.name}@example.com`;
    await signUp(email);
    const attempts = await until(
      () => receiver.received.filter((hook) => hook.data.email === email),
      (hooks) => hooks.some((hook) => hook.answered === 204),
    );
    expect(attempts.map((hook) => hook.answered)).toEqual([500, 500, 204]);
    expect(new Set(attempts.map((hook) => hook.id)).size).toBe(1);
    expect(attempts.every((hook) => hook.signatureValid)).toBe(true);
    const row = await until(
      () =>
        db()
          .selectFrom('webhook_deliveries')
          .selectAll()
          .where('id', '=', attempts[0]!.id)
          .executeTakeFirstOrThrow(),
      (found) => found.status !== 'sending',
    );
    expect(row).toMatchObject({ status: 'delivered', attempts: 3, last_status: 204 });
  });

  it('gives up after the last attempt, shows why, and sends again when an admin retries', async () => {
    receiver.answerWith(() => 503);
    const email = `dead-${kind.name}@example.com`;
    await signUp(email);
    const hook = await until(fromSetting, (found) => found.deliveries.dead > 0);
    expect(hook.last).toMatchObject({
      status: 'dead',
      httpStatus: 503,
      error: 'HTTP 503',
    });
    expect(receiver.received.filter((hook) => hook.data.email === email)).toHaveLength(3);

    receiver.answerWith(() => 200);
    const retried = await post(`/api/admin/webhooks/${hook.id}/retry`, {});
    expect(retried.json()).toEqual({ retried: hook.deliveries.dead });
    await until(
      () => receiver.accepted(),
      (accepted) =>
        [...accepted.values()].some((hooks) => hooks.some((one) => one.data.email === email)),
    );
    const audit = await db()
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'webhook.retry')
      .execute();
    expect(audit).toEqual([expect.objectContaining({ actor: ADMIN, target: receiver.url })]);
  });

  it('records a receiver that does not answer in time', async () => {
    receiver.answerWith(() => 'hang');
    const email = `silent-${kind.name}@example.com`;
    await signUp(email);
    await until(
      () =>
        db()
          .selectFrom('webhook_deliveries')
          .select(['attempts', 'last_error', 'last_status'])
          .where('subject', '=', email)
          .executeTakeFirst(),
      (row) => (row?.attempts ?? 0) >= 2,
    );
    const row = await db()
      .selectFrom('webhook_deliveries')
      .select(['last_error', 'last_status'])
      .where('subject', '=', email)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ last_error: 'timed out', last_status: null });
  });

  it('lets an admin add an endpoint for some events, shows its secret once, and remove it', async () => {
    const other = await startWebhookReceiver(() => created.secret);
    let created = { secret: '', endpoint: { id: '' } };
    try {
      const answer = await post('/api/admin/webhooks', {
        url: other.url,
        events: ['whitelist.added'],
        description: 'CRM sync',
      });
      expect(answer.statusCode).toBe(201);
      created = answer.json<typeof created>();
      expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      const listed = (await endpoints()).find((hook) => hook.id === created.endpoint.id);
      expect(listed).toMatchObject({ origin: 'dashboard', events: ['whitelist.added'] });
      expect(JSON.stringify(await endpoints())).not.toContain(created.secret);

      const email = `crm-${kind.name}@example.com`;
      await signUp(email);
      await post('/api/admin/whitelist/add', { email });
      await until(
        () => other.received,
        (hooks) => hooks.length >= 1,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(other.received.map((hook) => [hook.type, hook.signatureValid])).toEqual([
        ['whitelist.added', true],
      ]);

      // Removed: events queued for it end as failed and never leave.
      other.answerWith(() => 500);
      await unlist(email);
      await post('/api/admin/whitelist/add', { email });
      const removed = await service.app.inject({
        method: 'DELETE',
        url: `/api/admin/webhooks/${created.endpoint.id}`,
        headers: admin,
      });
      expect(removed.statusCode).toBe(204);
      expect((await endpoints()).map((hook) => hook.id)).not.toContain(created.endpoint.id);
      const left = await until(
        () =>
          db()
            .selectFrom('webhook_deliveries')
            .select(['status', 'last_error'])
            .where('endpoint_id', '=', created.endpoint.id)
            .where('status', 'in', ['queued', 'sending'])
            .execute(),
        (rows) => rows.length === 0,
      );
      expect(left).toEqual([]);
      const audit = await db()
        .selectFrom('audit_log')
        .select(['action', 'target'])
        .where('action', 'in', ['webhook.create', 'webhook.remove'])
        .where('target', '=', other.url)
        .orderBy('id')
        .execute();
      expect(audit.map((row) => row.action)).toEqual(['webhook.create', 'webhook.remove']);
    } finally {
      await other.close();
    }
  });

  it('refuses to remove an endpoint of the setting', async () => {
    const hook = await fromSetting();
    const answer = await service.app.inject({
      method: 'DELETE',
      url: `/api/admin/webhooks/${hook.id}`,
      headers: admin,
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ message: expect.stringContaining('WEBHOOK_URLS') });
  });

  it('saves a change and its events together, or neither', async () => {
    const email = `together-${kind.name}@example.com`;
    await signUp(email);
    await sql`alter table webhook_deliveries rename to webhook_deliveries_away`.execute(db());
    let answer;
    try {
      answer = await post('/api/admin/whitelist/add', { email });
    } finally {
      await sql`alter table webhook_deliveries_away rename to webhook_deliveries`.execute(db());
    }
    expect(answer.statusCode).toBe(503);
    const listed = await db()
      .selectFrom('whitelist')
      .select('email')
      .where('email', '=', email)
      .execute();
    expect(listed).toEqual([]);
  });

  it('refuses bad endpoints with a clear 400 and changes nothing', async () => {
    const before = (await endpoints()).length;
    for (const payload of [
      { url: 'ftp://hooks.example/' },
      { url: 'https://user:pass@hooks.example/' },
      { url: 'not a url' },
      { url: 'https://hooks.example/', events: [] },
      { url: 'https://hooks.example/', events: ['signup.deleted'] },
      { url: 'https://hooks.example/', description: 'x'.repeat(101) },
    ]) {
      const answer = await post('/api/admin/webhooks', payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json()).toEqual({ message: expect.any(String) });
    }
    expect(await endpoints()).toHaveLength(before);
  });
});
