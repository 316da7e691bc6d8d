import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders } from '../../test/admin-session.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startListeningApp } from '../../test/listening-app.ts';
import { slowGet, type SlowClient } from '../../test/slow-client.ts';
import type { TestApp } from '../../test/test-app.ts';
import { createApiToken } from '../auth/api-token-repository.ts';
import { manySignups } from '../../test/admin-test-data.ts';

const postgres = (await testDatabaseKinds()).find((kind) => kind.name === 'postgres');
/** About 14 MB of CSV: more than the buffers between PostgreSQL, the service and a client hold. */
const ROWS = 100_000;
const CLIENTS = 12;
const CHECK_MS = 10_000;

/**
 * Twelve exports read at 1 KB/s, as a viewer or a read-only token can start them, held every
 * connection of the pool (10) until they stopped: health answered 503 and signups 500. With the
 * default limits three run and the rest are refused, and the service keeps answering.
 */
describe.runIf(postgres)('12 exports read at 1 KB/s on PostgreSQL', () => {
  let testApp: TestApp & { origin: string };
  const people = ['one@example.com', 'two@example.com', 'three@example.com', 'four@example.com'];
  const credentials: Record<string, string>[] = [];
  const clients: SlowClient[] = [];

  beforeAll(async () => {
    testApp = await startListeningApp(postgres!, {
      // The checks below sign up many times from one address.
      signupRateLimit: { max: 1_000_000, windowMs: 60_000 },
    });
    testApp.app.config.viewerEmails = new Set(people);
    await manySignups(testApp.app.database.db, ROWS);
    // Two viewers' sessions and two viewers' read-only tokens.
    for (const email of people.slice(0, 2)) {
      credentials.push((await adminHeaders(testApp.app, email)).headers);
    }
    for (const email of people.slice(2)) {
      const { token } = await createApiToken(testApp.app.database.db, {
        name: 'export script',
        scope: 'read',
        createdBy: email,
      });
      credentials.push({ authorization: `Bearer ${token}` });
    }
  });
  afterAll(async () => {
    for (const client of clients) client.abort();
    await testApp.close();
  });

  it('keep signups and health answering 200 while they run', async () => {
    const port = Number(new URL(testApp.origin).port);
    for (let n = 0; n < CLIENTS; n++) {
      const headers = credentials[n % credentials.length]!;
      clients.push(slowGet(port, '/api/admin/signups/export', headers, 1024));
    }
    const statuses = await Promise.all(clients.map((client) => client.status));
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(CLIENTS - 3);

    const answers: { what: string; status: number }[] = [];
    const until = Date.now() + CHECK_MS;
    while (Date.now() < until) {
      const [health, signup] = await Promise.all([
        fetch(`${testApp.origin}/api/health`),
        fetch(`${testApp.origin}/api/utility/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: `fan-${randomUUID()}@example.com`, signupType: 'general' }),
        }),
      ]);
      answers.push(
        { what: 'health', status: health.status },
        { what: 'signup', status: signup.status },
      );
      await Promise.all([health.arrayBuffer(), signup.arrayBuffer()]);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(answers.length).toBeGreaterThan(20);
    expect(answers.filter(({ status }) => status !== 200)).toEqual([]);
    // The three exports were still streaming all along, none finished or cut.
    expect(testApp.app.exportSlots.running()).toBe(3);
  }, 60_000);
});
