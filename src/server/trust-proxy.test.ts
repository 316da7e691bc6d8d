import { connect } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv, parseEnv } from './config.ts';
import { testDatabaseKinds } from './test/databases.ts';
import { startListeningApp } from './test/listening-app.ts';

type ListeningApp = Awaited<ReturnType<typeof startListeningApp>>;

const [sqlite] = await testDatabaseKinds();

/** What a proxy that appends would send for a client at 203.0.113.7 that wrote its own header. */
const CLIENT = '203.0.113.7';

interface Exchange {
  status: number;
  body: string;
}

/**
 * One request over a plain socket, header lines exactly as given (repeated names included),
 * optionally from another loopback address than 127.0.0.1.
 */
function send(
  port: number,
  head: string,
  options: { localAddress?: string; body?: string } = {},
): Promise<Exchange> {
  const body = options.body ?? '';
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: options.localAddress });
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0);
      resolve({ status, body: received.slice(received.indexOf('\r\n\r\n') + 4) });
    });
    const length = body ? `Content-Length: ${Buffer.byteLength(body)}\r\n` : '';
    // Written, not ended: Node's HTTP server drops a request whose client has closed its side
    // before the answer, and a signup is answered after its commit, a turn of the loop or more
    // later. `Connection: close` makes the server close the socket once it has answered.
    socket.write(`${head}Host: 127.0.0.1:${port}\r\nConnection: close\r\n${length}\r\n${body}`);
  });
}

/** A server trusting exactly what TRUST_PROXY=`setting` makes buildApp trust, echoing the result. */
async function echoServer(setting: string | undefined) {
  const { trustProxy } = configFromEnv(
    parseEnv(setting === undefined ? {} : { TRUST_PROXY: setting }),
  );
  const app = Fastify({ trustProxy });
  app.get('/', (request) => ({ ip: request.ip, protocol: request.protocol, host: request.host }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const seen = async (headerLines: string[], localAddress?: string) => {
    const head = `GET / HTTP/1.1\r\n${headerLines.map((line) => `${line}\r\n`).join('')}`;
    const answer = await send(address.port, head, { localAddress });
    expect(answer.status, answer.body).toBe(200);
    return JSON.parse(answer.body) as { ip: string; protocol: string; host: string };
  };
  return { app, seen };
}

describe('client addresses behind a proxy that appends to X-Forwarded-For', () => {
  let servers: FastifyInstance[] = [];
  const echo = async (setting: string | undefined) => {
    const server = await echoServer(setting);
    servers.push(server.app);
    return server.seen;
  };
  afterEach(async () => {
    await Promise.all(servers.map((server) => server.close()));
    servers = [];
  });

  it('takes the address the proxy appended, whatever the client wrote before it', async () => {
    const seen = await echo('127.0.0.1');
    const cases: [string[], string][] = [
      [[`X-Forwarded-For: 6.6.6.6, ${CLIENT}`], CLIENT],
      [[`X-Forwarded-For: 127.0.0.1, 10.0.0.1, 6.6.6.6, ${CLIENT}`], CLIENT],
      // Several header lines are joined in order; the proxy's line is still the last.
      [['X-Forwarded-For: 6.6.6.6', `X-Forwarded-For: 1.2.3.4, ${CLIENT}`], CLIENT],
      // Garbage, empty entries, spaces and tabs before the appended entry change nothing.
      [[`X-Forwarded-For: not-an-ip, <script>, ${CLIENT}`], CLIENT],
      [[`X-Forwarded-For: 6.6.6.6,,, ${CLIENT}`], CLIENT],
      [[`X-Forwarded-For: , ${CLIENT}`], CLIENT],
      [[`X-Forwarded-For:   6.6.6.6 ,\t${CLIENT}  `], CLIENT],
      // IPv6 and IPv4-mapped forms: the mapped form of an outside address is not trusted.
      [['X-Forwarded-For: 6.6.6.6, 2001:db8::7'], '2001:db8::7'],
      [[`X-Forwarded-For: 6.6.6.6, ::ffff:${CLIENT}`], `::ffff:${CLIENT}`],
      [['X-Forwarded-For: ::ffff:127.0.0.1, ::1, 2001:db8::7'], '2001:db8::7'],
      // Too many hops: a long chain still ends at the appended entry.
      [
        [
          `X-Forwarded-For: ${Array.from({ length: 500 }, (_, n) => `10.0.${n % 256}.1`).join(', ')}, ${CLIENT}`,
        ],
        CLIENT,
      ],
      // No header, or an empty one: the proxy itself.
      [[], '127.0.0.1'],
      [['X-Forwarded-For: '], '127.0.0.1'],
    ];
    for (const [lines, ip] of cases) expect((await seen(lines)).ip, lines.join(' | ')).toBe(ip);
  });

  it('walks back through trusted inner proxies, also written in IPv4-mapped form, to the first outside address', async () => {
    const seen = await echo('10.0.0.0/8,127.0.0.1');
    expect((await seen([`X-Forwarded-For: 6.6.6.6, ${CLIENT}, 10.0.0.2, 10.0.0.1`])).ip).toBe(
      CLIENT,
    );
    expect((await seen([`X-Forwarded-For: 6.6.6.6, ${CLIENT}, ::ffff:10.0.0.2`])).ip).toBe(CLIENT);
  });

  it('ignores the header entirely from a peer outside the trusted list', async () => {
    const seen = await echo('10.0.0.0/8');
    const spoofed = [
      `X-Forwarded-For: 6.6.6.6, ${CLIENT}`,
      'X-Forwarded-Proto: https',
      'X-Forwarded-Host: evil.example',
    ];
    expect(await seen(spoofed)).toEqual({
      ip: '127.0.0.1',
      protocol: 'http',
      host: expect.stringMatching(/^127\.0\.0\.1:/),
    });
  });

  it('trusts only the listed address, not its loopback neighbours', async () => {
    const seen = await echo('127.0.0.1');
    expect((await seen([`X-Forwarded-For: ${CLIENT}`], '127.0.0.2')).ip).toBe('127.0.0.2');
    expect((await seen([`X-Forwarded-For: ${CLIENT}`], '127.0.0.1')).ip).toBe(CLIENT);
  });

  it('knows a listed IPv4 proxy that reaches a dual-stack socket in IPv4-mapped form', async () => {
    const { trustProxy } = configFromEnv(parseEnv({ TRUST_PROXY: '127.0.0.1' }));
    const app = Fastify({ trustProxy });
    servers.push(app);
    app.get('/', (request) => request.ip);
    const from = (remoteAddress: string) =>
      app.inject({ url: '/', remoteAddress, headers: { 'x-forwarded-for': `6.6.6.6, ${CLIENT}` } });
    expect((await from('::ffff:127.0.0.1')).body).toBe(CLIENT);
    expect((await from('::ffff:127.0.0.2')).body).toBe('::ffff:127.0.0.2');
  });

  it('ignores the header when TRUST_PROXY is unset or false', async () => {
    for (const setting of [undefined, 'false']) {
      const seen = await echo(setting);
      expect(await seen([`X-Forwarded-For: ${CLIENT}`, 'X-Forwarded-Proto: https'])).toMatchObject({
        ip: '127.0.0.1',
        protocol: 'http',
      });
    }
  });

  it('refuses a header block too large to be a real chain (431), with or without trust', async () => {
    const seen = await echo('127.0.0.1');
    const huge = `X-Forwarded-For: ${Array.from({ length: 2000 }, () => '6.6.6.6').join(', ')}, ${CLIENT}`;
    const port = (servers[0]!.server.address() as { port: number }).port;
    const answer = await send(port, `GET / HTTP/1.1\r\n${huge}\r\n`);
    expect(answer.status).toBe(431);
    expect((await seen([`X-Forwarded-For: ${CLIENT}`])).ip).toBe(CLIENT);
  });
});

describe('the signup rate limit behind a trusted proxy (the whole app)', () => {
  const limit = { max: 3, windowMs: 60_000 };
  let behindProxy: ListeningApp;
  let untrustedPeer: ListeningApp;
  let noProxy: ListeningApp;
  const port = (testApp: { origin: string }) => Number(new URL(testApp.origin).port);

  beforeAll(async () => {
    [behindProxy, untrustedPeer, noProxy] = await Promise.all([
      startListeningApp(sqlite!, { signupRateLimit: limit, trustProxy: ['127.0.0.1'] }),
      startListeningApp(sqlite!, { signupRateLimit: limit, trustProxy: ['10.0.0.0/8'] }),
      startListeningApp(sqlite!, { signupRateLimit: limit }),
    ]);
  });
  afterAll(() =>
    Promise.all([behindProxy, untrustedPeer, noProxy].map((testApp) => testApp.close())),
  );

  function signup(testApp: { origin: string }, n: number, forwardedFor: string) {
    const body = JSON.stringify({ email: `proxied-${n}@example.com`, signupType: 'general' });
    return send(
      port(testApp),
      `POST /api/utility/signup HTTP/1.1\r\nContent-Type: application/json\r\nX-Forwarded-For: ${forwardedFor}\r\n`,
      { body },
    );
  }

  it('counts a client by the appended address: a new spoofed first entry each time does not help', async () => {
    const statuses = [];
    for (let n = 0; n <= limit.max; n++) {
      statuses.push((await signup(behindProxy, n, `198.51.100.${n}, ${CLIENT}`)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Another client behind the same proxy has its own count.
    expect((await signup(behindProxy, 100, `198.51.100.1, 203.0.113.8`)).status).toBe(200);
  });

  it('counts every address of one IPv6 /64 as one client, and a malformed entry as the proxy', async () => {
    const statuses = [];
    for (let n = 0; n <= limit.max; n++) {
      statuses.push((await signup(behindProxy, 200 + n, `2001:db8:7:7::${n + 1}`)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    // A proxy that does not append can hand on junk: it counts as the proxy, not as a new client.
    const junk = [];
    for (let n = 0; n <= limit.max; n++) {
      junk.push((await signup(behindProxy, 300 + n, `not-an-address-${n}`)).status);
    }
    expect(junk).toEqual([200, 200, 200, 429]);
  });

  it('counts by the socket when the peer is not a trusted proxy, or no proxy is trusted', async () => {
    for (const testApp of [untrustedPeer, noProxy]) {
      const statuses = [];
      for (let n = 0; n <= limit.max; n++) {
        statuses.push((await signup(testApp, n, `198.51.100.${n}`)).status);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    }
  });
});
