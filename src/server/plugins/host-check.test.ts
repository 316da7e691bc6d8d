import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../config.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { hostNameOf, MISDIRECTED_MESSAGE } from './host-check.ts';

const [sqlite] = await testDatabaseKinds();

/** Published at a public name, as in production behind a proxy (the embedded sign-in is off). */
const PUBLISHED: Partial<AppConfig> = {
  publicUrl: 'https://reelscore.app',
  oidc: { issuer: 'https://issuer.reelscore.test', clientId: 'web', clientSecret: 'secret' },
};

/** Hosts answered with ALLOWED_HOSTS=status.reelscore.app,10.0.0.0/8,[fd00::]/8,192.0.2.7. */
const ANSWERED = [
  'reelscore.app',
  'reelscore.app:443',
  'REELSCORE.APP',
  'ReelScore.App:8443',
  'localhost',
  'localhost:3000',
  'LocalHost:1',
  'localhost:',
  '127.0.0.1',
  '127.0.0.1:65535',
  '[::1]',
  '[::1]:3000',
  'status.reelscore.app',
  'STATUS.reelscore.app:80',
  '10.1.2.3',
  '10.255.0.9:8080',
  '192.0.2.7:3000',
  '[fd00::5]',
  '[FD00::5]:80',
];

/** Hosts refused: other names, look-alikes, other spellings of loopback, malformed values. */
const REFUSED = [
  'evil.example',
  'evil.example:3000',
  'reelscore.app.',
  'reelscore.app.:443',
  'localhost.',
  'localhost.:3000',
  'www.reelscore.app',
  'reelscore.app.evil.example',
  'evilreelscore.app',
  'reelscore.apps',
  '127.0.0.2',
  '127.1',
  '2130706433',
  '0x7f000001',
  '0177.0.0.1',
  '[::ffff:127.0.0.1]',
  '[0:0:0:0:0:0:0:1]',
  '[::2]',
  '11.0.0.1',
  '192.0.2.8',
  '192.168.1.1:3000',
  '[fe80::1]',
  '[fd00::5',
  'fd00::5',
  'localhost:99999',
  'localhost:abc',
  'localhost:3000:3000',
  'user@localhost',
  'localhost/admin',
  'local host',
  '[::1]x',
  'reelscore.app\u00a0',
];

const PATHS = [
  { method: 'GET', url: '/' },
  { method: 'GET', url: '/api/health' },
  { method: 'GET', url: '/admin' },
  { method: 'GET', url: '/api/admin/signups' },
  { method: 'GET', url: '/no-such-page' },
  { method: 'POST', url: '/api/utility/signup' },
] as const;

describe('the host name of a Host header', () => {
  it('is the name as written, lower-cased, without its port; null when malformed', () => {
    expect(hostNameOf('ReelScore.App:443')).toBe('reelscore.app');
    expect(hostNameOf('[::1]:3000')).toBe('[::1]');
    expect(hostNameOf('localhost:')).toBe('localhost');
    for (const malformed of ['', ':80', '[::1', '[zz::1]', 'a:1:2', 'a b', 'a@b', 'a:65536']) {
      expect(hostNameOf(malformed), malformed).toBeNull();
    }
  });
});

describe('requests for a host this server does not answer for', () => {
  let testApp: TestApp;
  const app = () => testApp.app;
  const send = (method: 'GET' | 'POST', url: string, host: string) =>
    app().inject({
      method,
      url,
      headers: { host },
      ...(method === 'POST'
        ? { payload: { email: 'fan@example.com', signupType: 'general' } }
        : {}),
    });

  beforeAll(async () => {
    testApp = await startTestApp(sqlite!, {
      ...PUBLISHED,
      allowedHosts: ['status.reelscore.app', '10.0.0.0/8', '[fd00::]/8', '192.0.2.7'],
    });
  });
  afterAll(() => testApp.close());

  it('are refused with 421 in the error shape of the path, whatever the path', async () => {
    for (const host of REFUSED) {
      for (const { method, url } of PATHS) {
        const answer = await send(method, url, host);
        expect(answer.statusCode, `${host} ${method} ${url}`).toBe(421);
        const shape = url.startsWith('/api/admin') ? 'message' : 'error';
        expect(answer.json(), `${host} ${url}`).toEqual({ [shape]: MISDIRECTED_MESSAGE });
        expect(answer.headers['content-security-policy']).toBeDefined();
      }
    }
    // Nothing was done for them.
    const rows = await app().database.db.selectFrom('signups').select('email').execute();
    expect(rows).toEqual([]);
  });

  it('are answered as before for the public name, loopback names and ALLOWED_HOSTS', async () => {
    for (const host of ANSWERED) {
      const health = await send('GET', '/api/health', host);
      expect(health.statusCode, host).toBe(200);
      const admin = await send('GET', '/api/admin/signups', host);
      expect(admin.statusCode, host).toBe(401);
    }
    const signup = await send('POST', '/api/utility/signup', 'reelscore.app');
    expect(signup.statusCode).toBe(200);
  });

  it('are refused without ALLOWED_HOSTS for every name it would have allowed', async () => {
    const plain = await startTestApp(sqlite!, PUBLISHED);
    try {
      for (const host of ['status.reelscore.app', '10.1.2.3', '192.0.2.7:3000', '[fd00::5]']) {
        expect((await plain.app.inject({ url: '/api/health', headers: { host } })).statusCode).toBe(
          421,
        );
      }
      // app.inject's own Host (localhost:80) is loopback: every other test keeps working.
      expect((await plain.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await plain.close();
    }
  });
});

interface Exchange {
  status: number;
  body: string;
}

/** One request over a plain socket, byte for byte, from `localAddress` (a loopback address). */
function exchange(port: number, request: string, localAddress = '127.0.0.1'): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress });
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(received)?.[1] ?? 0);
      resolve({ status, body: received.slice(received.indexOf('\r\n\r\n') + 4) });
    });
    socket.end(request);
  });
}

describe('the Host over real sockets: missing, absolute-form targets, X-Forwarded-Host', () => {
  let testApp: TestApp;
  let port: number;
  /** A GET of `target` with the given header lines, from the trusted proxy or another peer. */
  const get = (target: string, lines: string[], from: 'proxy' | 'other' = 'proxy') =>
    exchange(
      port,
      `GET ${target} HTTP/1.1\r\n${[...lines, 'Connection: close'].join('\r\n')}\r\n\r\n`,
      from === 'proxy' ? '127.0.0.1' : '127.0.0.2',
    );

  beforeAll(async () => {
    testApp = await startTestApp(sqlite!, { ...PUBLISHED, trustProxy: ['127.0.0.1'] });
    await testApp.app.listen({ host: '127.0.0.1', port: 0 });
    const address = testApp.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    port = address.port;
  });
  afterAll(() => testApp.close());

  it('refuses a request without a Host header (421; HTTP/1.1 without one is 400 already)', async () => {
    const old = await exchange(port, 'GET /api/health HTTP/1.0\r\n\r\n');
    expect(old.status).toBe(421);
    expect(JSON.parse(old.body)).toEqual({ error: MISDIRECTED_MESSAGE });
    expect((await get('/api/health', [])).status).toBe(400);
    expect((await get('/api/health', ['Host: reelscore.app'])).status).toBe(200);
  });

  it('takes the host of an absolute-form target as well as the Host header', async () => {
    for (const [target, host, status] of [
      ['http://reelscore.app/api/health', 'reelscore.app', 200],
      ['https://localhost:3000/api/health', 'reelscore.app', 200],
      ['http://evil.example/api/health', 'reelscore.app', 421],
      ['HTTP://EVIL.EXAMPLE:80/api/health?x', 'reelscore.app', 421],
      ['http://user@reelscore.app/api/health', 'reelscore.app', 421],
      ['http://reelscore.app./api/health', 'reelscore.app', 421],
      ['http://reelscore.app/api/health', 'evil.example', 421],
    ] as const) {
      const answer = await get(target, [`Host: ${host}`], 'other');
      expect(answer.status, `${target} (Host: ${host})`).toBe(status);
    }
  });

  it('decides on X-Forwarded-Host only when a trusted proxy sent it', async () => {
    for (const [lines, from, status] of [
      // The proxy's own name for the service is not ours; the name it forwards is.
      [['Host: internal:3000', 'X-Forwarded-Host: reelscore.app'], 'proxy', 200],
      [['Host: reelscore.app', 'X-Forwarded-Host: evil.example'], 'proxy', 421],
      // The proxy appends: the last name is the one it saw.
      [['Host: reelscore.app', 'X-Forwarded-Host: evil.example, reelscore.app'], 'proxy', 200],
      [['Host: reelscore.app', 'X-Forwarded-Host: reelscore.app, evil.example'], 'proxy', 421],
      // From anyone else the header means nothing, either way.
      [['Host: reelscore.app', 'X-Forwarded-Host: evil.example'], 'other', 200],
      [['Host: evil.example', 'X-Forwarded-Host: reelscore.app'], 'other', 421],
      [['Host: internal:3000', 'X-Forwarded-Host: reelscore.app'], 'other', 421],
    ] as const) {
      const answer = await get('/api/health', [...lines], from);
      expect(answer.status, `${lines.join(' | ')} from ${from}`).toBe(status);
    }
  });
});
