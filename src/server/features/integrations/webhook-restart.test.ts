import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresReachable } from '../../test/databases.ts';
import { createFreshPostgresDatabase } from '../../test/postgres-database.ts';
import { startServiceProcess, type ServiceProcess } from '../../test/service-process.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver.ts';
import { newWebhookSecret } from './webhook-repository.ts';

const withPostgres = (await postgresReachable()) || process.env.CI === 'true';

async function until(check: () => boolean, what: string, ms = 45_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function signUp(service: ServiceProcess, email: string) {
  const answer = await fetch(`${service.origin}/api/utility/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, signupType: 'general' }),
  });
  expect(answer.status).toBe(200);
}

/**
 * Every event the receiver accepted, exactly once, and exactly the events the signups made: a
 * created and a confirmed event per address (confirmation is off, so a signup is confirmed).
 */
function expectEveryEventOnce(receiver: WebhookReceiver, emails: string[]) {
  const accepted = receiver.accepted();
  const twice = [...accepted.values()].filter((copies) => copies.length > 1);
  expect(twice.map((copies) => copies[0]!.id)).toEqual([]);
  const events = [...accepted.values()].map(
    (copies) => `${copies[0]!.type} ${copies[0]!.data.email as string}`,
  );
  expect(events.sort()).toEqual(
    emails.flatMap((email) => [`signup.confirmed ${email}`, `signup.created ${email}`]).sort(),
  );
  expect(receiver.received.every((webhook) => webhook.signatureValid)).toBe(true);
}

describe('webhook deliveries through a restart of the service', () => {
  const secret = newWebhookSecret();
  const services: ServiceProcess[] = [];
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    await Promise.all(services.map((service) => service.stop()));
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function start(env: Record<string, string>) {
    const service = await startServiceProcess(env);
    services.push(service);
    return service;
  }

  function environment(receiver: WebhookReceiver, database: Record<string, string>) {
    return {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      SIGNUP_CONFIRMATION: 'false',
      SIGNUP_RATE_LIMIT_MAX: '1000',
      WEBHOOK_URLS: receiver.url,
      WEBHOOK_SECRET: secret,
      // The receiver listens on this machine: allowed explicitly.
      WEBHOOK_ALLOW_PRIVATE_TARGETS: '127.0.0.1',
      WEBHOOK_RETRY_SECONDS: '0.2,0.2,0.2,0.2,0.2,0.2,0.2,0.2,0.2,0.2',
      ...database,
    };
  }

  it('on SQLite: events queued before a SIGTERM are delivered once by the next start', async () => {
    // Takes the first few, then refuses everything until the service has been restarted.
    const receiver = await startWebhookReceiver(() => secret);
    cleanups.push(() => receiver.close());
    let taken = 0;
    receiver.answerWith(() => (++taken <= 6 ? 200 : 503));
    const folder = mkdtempSync(join(tmpdir(), 'reelscore-webhooks-'));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    const env = environment(receiver, { SQLITE_PATH: join(folder, 'reelscore.db') });

    const first = await start(env);
    const emails = Array.from({ length: 15 }, (_, index) => `restart-${index}@example.com`);
    for (const email of emails.slice(0, 10)) await signUp(first, email);
    await until(() => receiver.received.length >= 14, 'the first deliveries and refusals');
    await first.stop();
    expect(first.child.exitCode).toBe(0);
    expect(receiver.accepted().size).toBeLessThan(20);

    receiver.answerWith(() => 200);
    const second = await start(env);
    for (const email of emails.slice(10)) await signUp(second, email);
    await until(() => receiver.accepted().size >= 30, 'every event accepted');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expectEveryEventOnce(receiver, emails);
  }, 120_000);

  it.runIf(withPostgres)(
    'on PostgreSQL: two instances share the deliveries, one restarts, each event arrives once',
    async () => {
      const receiver = await startWebhookReceiver(() => secret);
      cleanups.push(() => receiver.close());
      // Slow, and failing every third request: deliveries are in flight and queued at the SIGTERM.
      let requests = 0;
      receiver.answerWith(() => (++requests % 3 === 0 ? 500 : 200));
      const database = await createFreshPostgresDatabase();
      cleanups.push(() => database.drop());
      const env = environment(receiver, { DATABASE_URL: database.url });

      const [a, b] = [await start(env), await start(env)];
      const emails = Array.from({ length: 30 }, (_, index) => `shared-${index}@example.com`);
      await Promise.all(
        emails.slice(0, 20).map((email, index) => signUp(index % 2 ? a : b, email)),
      );
      await until(() => receiver.received.length >= 10, 'the first deliveries');
      await a.stop();
      expect(a.child.exitCode).toBe(0);
      const again = await start(env);
      await Promise.all(
        emails.slice(20).map((email, index) => signUp(index % 2 ? again : b, email)),
      );
      await until(() => receiver.accepted().size >= 60, 'every event accepted');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expectEveryEventOnce(receiver, emails);
      const workers = new Set(
        (
          await database.query<{ leased_by: string | null }>(
            'select leased_by from webhook_deliveries',
          )
        ).map((row) => row.leased_by),
      );
      expect(workers).toEqual(new Set([null]));
    },
    120_000,
  );
});
