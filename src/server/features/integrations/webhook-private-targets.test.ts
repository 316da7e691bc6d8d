import fc from 'fast-check';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  DELIVERY_REFUSED_REASON,
  DELIVERY_UNREACHABLE_REASON,
  type WebhookEndpoint,
  type WebhookEndpointList,
} from '../../../contract/webhooks.ts';
import { type WebhookConfig } from '../../config.ts';
import { testConfig } from '../../test/test-config.ts';
import { adminHeaders } from '../../test/admin-session.ts';
import { startTrap, tableLookup, watchConnections } from '../../test/connection-guard.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startListeningApp } from '../../test/listening-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { newWebhookSecret } from './webhook-repository.ts';
import { WEBHOOK_PRIVATE_TARGET_MESSAGE } from './webhook-routes.ts';

const kinds = await testDatabaseKinds();
const ADMIN = 'targets-admin@example.com';
/** A public address the rebinding name answers while the endpoint is added; never connected. */
const PUBLIC_ADDRESS = '93.184.215.14';

async function until<T>(read: () => T | Promise<T>, done: (value: T) => boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Quick rounds: two attempts 50 ms apart. */
function quickWebhooks(overrides: Partial<WebhookConfig>): WebhookConfig {
  return {
    ...testConfig().webhooks,
    secret: newWebhookSecret(),
    retryWaitsMs: [50],
    timeoutMs: 1000,
    worker: { ...testConfig().webhooks.worker, pollMs: 20 },
    ...overrides,
  };
}

type Service = TestApp & { origin: string };

function adminApi(service: () => Service, admin: () => Record<string, string>) {
  return {
    endpoints: async () =>
      (
        await service().app.inject({ url: '/api/admin/webhooks', headers: admin() })
      ).json<WebhookEndpointList>().endpoints,
    add: (url: string) =>
      service().app.inject({
        method: 'POST',
        url: '/api/admin/webhooks',
        payload: { url },
        headers: { ...admin(), 'content-type': 'application/json' },
      }),
    signUp: (email: string) =>
      service().app.inject({
        method: 'POST',
        url: '/api/utility/signup',
        payload: { email, signupType: 'general' },
      }),
  };
}

/** Every attempt an endpoint's deliveries may make has been made. */
const finished = (endpoint: WebhookEndpoint | undefined) =>
  endpoint !== undefined && endpoint.deliveries.queued === 0 && endpoint.deliveries.dead > 0;

describe.each(kinds)('webhooks to internal addresses on $name', (kind) => {
  const connections = watchConnections();
  let trap: Awaited<ReturnType<typeof startTrap>>;
  let service: Service;
  let admin: Record<string, string>;
  // The rebinding name answers a public address only while its endpoint is being added.
  let adding = false;
  const names = tableLookup((hostname) => {
    if (hostname === 'localhost') return ['127.0.0.1', '::1'];
    if (hostname === 'loopback.hooks.test') return ['127.0.0.1'];
    if (hostname === 'rebind.hooks.test') return adding ? [PUBLIC_ADDRESS] : ['127.0.0.1'];
    return undefined;
  });
  const api = adminApi(
    () => service,
    () => admin,
  );
  /** Loopback in the spellings the URL parser accepts, and names that resolve to it. */
  const loopbackUrls = () =>
    [
      '127.0.0.1',
      '127.1',
      '0x7f000001',
      '2130706433',
      '0177.0.0.1',
      '[::1]',
      '[::ffff:127.0.0.1]',
      '[0:0:0:0:0:ffff:7f00:1]',
      'localhost',
      'loopback.hooks.test',
    ].map((host) => `http://${host}:${trap.port}/hooks`);

  beforeAll(async () => {
    trap = await startTrap();
    service = await startListeningApp(kind, {
      adminEmails: new Set([ADMIN]),
      signupConfirmation: false,
      // The setting's receivers are not checked when they come as configuration (not from the
      // environment): that is how these endpoints exist at all.
      webhooks: quickWebhooks({ urls: loopbackUrls(), lookup: names.lookup }),
    });
    admin = (await adminHeaders(service.app, ADMIN)).headers;
  });
  afterEach(() => {
    expect(trap.connections).toEqual([]);
    expect(connections.to(trap.port)).toEqual([]);
    expect(connections.beyondLoopback()).toEqual([]);
  });
  afterAll(async () => {
    connections.stop();
    await service?.close();
    await trap?.close();
  });

  it('refuses to deliver to loopback in any spelling, or to a name that resolves to it', async () => {
    expect((await api.signUp(`spelled-${kind.name}@example.com`)).statusCode).toBe(200);
    const urls = loopbackUrls();
    const settled = await until(api.endpoints, (endpoints) =>
      urls.every((url) => finished(endpoints.find((endpoint) => endpoint.url === url))),
    );
    for (const url of urls) {
      const endpoint = settled.find((one) => one.url === url)!;
      expect(endpoint.last, url).toMatchObject({
        status: 'dead',
        httpStatus: null,
        error: DELIVERY_REFUSED_REASON,
      });
    }
    // Each attempt resolved the names anew: two attempts of two events (created, confirmed).
    expect(names.asked.get('loopback.hooks.test')).toBeGreaterThanOrEqual(4);
    expect(names.asked.get('localhost')).toBeGreaterThanOrEqual(4);
  });

  it('refuses at delivery a name that resolved to a public address when it was added', async () => {
    const url = `http://rebind.hooks.test:${trap.port}/hooks`;
    adding = true;
    let added;
    try {
      added = await api.add(url);
    } finally {
      adding = false;
    }
    expect(added.statusCode).toBe(201);
    expect(names.asked.get('rebind.hooks.test')).toBe(1);
    const { endpoint } = added.json<{ endpoint: WebhookEndpoint }>();

    expect((await api.signUp(`rebound-${kind.name}@example.com`)).statusCode).toBe(200);
    const settled = await until(
      async () => (await api.endpoints()).find((one) => one.id === endpoint.id),
      finished,
    );
    expect(settled?.last).toMatchObject({ httpStatus: null, error: DELIVERY_REFUSED_REASON });
    expect(names.asked.get('rebind.hooks.test')).toBeGreaterThan(1);
  });

  it('refuses to add an endpoint at an internal address in any spelling, with a clear 400', async () => {
    const ids = async () => (await api.endpoints()).map((endpoint) => endpoint.id);
    const before = await ids();
    const hosts = [
      ...loopbackUrls().map((url) => new URL(url).host),
      '127.0.0.1',
      '127.255.255.254',
      '0177.1',
      '0x7f.1',
      '[::ffff:7f00:1]',
      '[::127.0.0.1]',
      '[64:ff9b::7f00:1]',
      '[2002:7f00:1::1]',
      '[::]',
      '0.0.0.0',
      '0',
      '10.0.0.1',
      '172.16.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.169.254',
      '[::ffff:a9fe:a9fe]',
      '100.100.100.200',
      '[fd00:ec2::254]',
      '[fe80::1]',
      '[fc00::1]',
      '224.0.0.1',
      '255.255.255.255',
      '192.0.2.1',
      'LOCALHOST.',
      'api.localhost',
    ];
    for (const host of hosts) {
      for (const scheme of ['http', 'https']) {
        const answer = await api.add(`${scheme}://${host}/hooks`);
        expect(answer.statusCode, `${scheme}://${host}`).toBe(400);
        expect(answer.json()).toEqual({ message: WEBHOOK_PRIVATE_TARGET_MESSAGE });
      }
    }
    expect(await ids()).toEqual(before);
    const audited = await service.app.database.db
      .selectFrom('audit_log')
      .select('target')
      .where('action', '=', 'webhook.create')
      .execute();
    expect(audited.map((row) => row.target).filter((target) => !target.includes('rebind'))).toEqual(
      [],
    );
  });

  it('refuses random internal addresses in random spellings when an endpoint is added', async () => {
    const ranges: [number, number][] = [
      [0x7f000000, 8],
      [0x0a000000, 8],
      [0xac100000, 12],
      [0xc0a80000, 16],
      [0xa9fe0000, 16],
      [0x64400000, 10],
    ];
    const spell = [
      (n: number) => String(n),
      (n: number) => `0x${n.toString(16)}`,
      (n: number) =>
        [24, 16, 8, 0].map((shift) => `0${((n >>> shift) & 255).toString(8)}`).join('.'),
      (n: number) => `[::ffff:${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}]`,
    ];
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...ranges)
          .chain(([base, prefix]) =>
            fc.integer({ min: 0, max: 2 ** (32 - prefix) - 1 }).map((offset) => base + offset),
          ),
        fc.constantFrom(...spell),
        async (n, spelling) => {
          const url = `https://${spelling(n)}/hooks`;
          const answer = await api.add(url);
          expect(answer.statusCode, url).toBe(400);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('shows earlier reasons that named a socket error coarsely', async () => {
    const [endpoint] = await api.endpoints();
    await service.app.database.db
      .insertInto('webhook_deliveries')
      .values({
        id: `msg_legacy_${kind.name}`,
        endpoint_id: endpoint!.id,
        event_type: 'signup.created',
        subject: 'legacy@example.com',
        payload: '{}',
        status: 'dead',
        attempts: 8,
        next_attempt_at: '2999-01-01T00:00:00.000Z',
        lease_until: null,
        leased_by: null,
        last_status: null,
        last_error: 'No answer: ECONNREFUSED.',
        last_attempt_at: '2999-01-01T00:00:00.000Z',
        created_at: '2999-01-01T00:00:00.000Z',
        finished_at: '2999-01-01T00:00:00.000Z',
      })
      .execute();
    const shown = (await api.endpoints()).find((one) => one.id === endpoint!.id);
    expect(shown?.last).toMatchObject({
      deliveryId: `msg_legacy_${kind.name}`,
      error: DELIVERY_UNREACHABLE_REASON,
    });
  });
});

describe.each(kinds)('webhook redirects on $name', (kind) => {
  const connections = watchConnections();
  let trap: Awaited<ReturnType<typeof startTrap>>;
  let service: Service;
  let admin: Record<string, string>;
  const redirected: string[] = [];
  const redirector = createServer((request, response) => {
    redirected.push(request.url ?? '');
    request.resume();
    response.writeHead(302, { location: `http://127.0.0.1:${trap.port}/elsewhere` }).end();
  });
  const api = adminApi(
    () => service,
    () => admin,
  );

  beforeAll(async () => {
    trap = await startTrap();
    await new Promise<void>((done) => redirector.listen(0, '127.0.0.1', done));
    const { port } = redirector.address() as AddressInfo;
    service = await startListeningApp(kind, {
      adminEmails: new Set([ADMIN]),
      signupConfirmation: false,
      // A receiver on this machine is allowed only because the setting says so.
      webhooks: quickWebhooks({
        urls: [`http://127.0.0.1:${port}/hooks`],
        allowPrivateTargets: ['127.0.0.1'],
      }),
    });
    admin = (await adminHeaders(service.app, ADMIN)).headers;
  });
  afterAll(async () => {
    connections.stop();
    await service?.close();
    await new Promise((done) => redirector.close(done));
    await trap?.close();
  });

  it('follows no redirect: a 3xx is a failed attempt, and its target is never reached', async () => {
    expect((await api.signUp(`redirected-${kind.name}@example.com`)).statusCode).toBe(200);
    const [endpoint] = await until(api.endpoints, (endpoints) => finished(endpoints[0]));
    expect(endpoint!.last).toMatchObject({ status: 'dead', httpStatus: 302, error: 'HTTP 302' });
    // Two events, two attempts each.
    expect(redirected).toHaveLength(4);
    expect(trap.connections).toEqual([]);
    expect(connections.to(trap.port)).toEqual([]);
    expect(connections.beyondLoopback()).toEqual([]);
  });

  it('still refuses internal addresses the setting does not list', async () => {
    for (const host of ['127.0.0.2', '[::1]', '10.0.0.1', '169.254.169.254']) {
      const answer = await api.add(`http://${host}:${trap.port}/hooks`);
      expect(answer.statusCode, host).toBe(400);
    }
    const { port } = redirector.address() as AddressInfo;
    for (const host of ['127.0.0.1', '[::ffff:127.0.0.1]', '2130706433', 'localhost']) {
      expect((await api.add(`http://${host}:${port}/allowed`)).statusCode, host).toBe(201);
    }
  });
});
