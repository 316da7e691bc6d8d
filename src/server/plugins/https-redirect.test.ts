import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppConfig } from '../config.ts';
import { testConfig } from '../test/test-config.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { startListeningApp } from '../test/listening-app.ts';

type ListeningApp = Awaited<ReturnType<typeof startListeningApp>>;
import { targetPathAndQuery } from './https-redirect.ts';

const [sqlite] = await testDatabaseKinds();
const PUBLIC_URL = 'https://public.example';

/** Production as deployed behind a TLS-terminating proxy at `trustProxy`. */
function production(trustProxy: AppConfig['trustProxy']): Partial<AppConfig> {
  return {
    env: 'production',
    trustProxy,
    publicUrl: PUBLIC_URL,
    oidc: { issuer: 'https://accounts.google.com', clientId: 'web', clientSecret: 'secret' },
    mail: {
      ...testConfig().mail,
      smtpUrl: 'smtp://127.0.0.1:1',
      unsubscribeSecret: randomBytes(48).toString('base64'),
    },
  };
}

interface Answer {
  status: number;
  headers: Record<string, string>;
}

/** A request sent byte for byte (absolute-form and odd targets included) over a plain socket. */
function send(origin: string, method: string, target: string, headers: string[] = []) {
  const { port } = new URL(origin);
  return new Promise<Answer>((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port: Number(port) });
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [statusLine = '', ...lines] = received.split('\r\n\r\n', 1)[0]!.split('\r\n');
      const parsed: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        parsed[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers: parsed });
    });
    const lines = [`Host: 127.0.0.1:${port}`, 'Connection: close', ...headers];
    const body = method === 'POST' ? '{"email":"plain@example.com","signupType":"general"}' : '';
    if (body) lines.push('Content-Type: application/json', `Content-Length: ${body.length}`);
    socket.end(`${method} ${target} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
  });
}

describe('targetPathAndQuery', () => {
  it('keeps only a path and query, whatever form the target has', () => {
    expect(targetPathAndQuery('/path?x=1')).toEqual({ pathname: '/path', search: '?x=1' });
    expect(targetPathAndQuery('http://evil.example/path?x')).toEqual({
      pathname: '/path',
      search: '?x',
    });
    expect(targetPathAndQuery('HTTPS://evil.example')).toEqual({ pathname: '/', search: '' });
    expect(targetPathAndQuery('*')).toEqual({ pathname: '/', search: '' });
    expect(targetPathAndQuery('evil.example:443')).toEqual({ pathname: '/', search: '' });
    expect(targetPathAndQuery('//evil.example/x')).toEqual({
      pathname: '//evil.example/x',
      search: '',
    });
  });
});

describe('HTTPS redirect in production behind a trusted proxy (real sockets)', () => {
  let behindProxy: ListeningApp;
  let untrustedPeer: ListeningApp;
  let development: ListeningApp;
  const viaProxy = (proto: string) => [
    `X-Forwarded-For: 203.0.113.7`,
    `X-Forwarded-Proto: ${proto}`,
  ];

  beforeAll(async () => {
    [behindProxy, untrustedPeer, development] = await Promise.all([
      startListeningApp(sqlite!, production(['127.0.0.1'])),
      startListeningApp(sqlite!, production(['10.0.0.0/8'])),
      startListeningApp(sqlite!, { trustProxy: ['127.0.0.1'] }),
    ]);
  });
  afterAll(() =>
    Promise.all([behindProxy, untrustedPeer, development].map((testApp) => testApp.close())),
  );

  it('sends a request the proxy got over http to the same path on PUBLIC_URL, with 308', async () => {
    const answer = await send(behindProxy.origin, 'GET', '/path?x', viaProxy('http'));
    expect(answer.status).toBe(308);
    expect(answer.headers.location).toBe('https://public.example/path?x');
    // The redirect carries the production headers like every other answer.
    expect(answer.headers['strict-transport-security']).toBeDefined();
  });

  it('keeps the method with 308, so a plain-http signup is redirected and stores nothing', async () => {
    const answer = await send(behindProxy.origin, 'POST', '/api/utility/signup', viaProxy('http'));
    expect(answer.status).toBe(308);
    expect(answer.headers.location).toBe('https://public.example/api/utility/signup');
    const rows = await behindProxy.app.database.db.selectFrom('signups').select('email').execute();
    expect(rows).toEqual([]);
    // Before access checks: an admin route redirects rather than answering 401 over http.
    const admin = await send(behindProxy.origin, 'GET', '/api/admin/users', viaProxy('http'));
    expect(admin.status).toBe(308);
  });

  it('builds the Location from PUBLIC_URL, never from Host, X-Forwarded-Host or the target', async () => {
    // Names the service answers for (loopback) that are not PUBLIC_URL's; any other name is
    // refused with 421 before a redirect (host-check.test.ts).
    for (const [target, expected] of [
      ['http://localhost:8443/path?x', 'https://public.example/path?x'],
      ['//evil.example/x', 'https://public.example//evil.example/x'],
      // URL turns the backslash into a slash, as browsers do; the host is still ours.
      ['/\\evil.example/x', 'https://public.example//evil.example/x'],
      ['/a?next=https://evil.example', 'https://public.example/a?next=https://evil.example'],
      ['/%2F%2Fevil.example', 'https://public.example/%2F%2Fevil.example'],
    ] as const) {
      const answer = await send(behindProxy.origin, 'GET', target, [
        ...viaProxy('http'),
        'X-Forwarded-Host: localhost:8443',
      ]);
      expect(answer.status, target).toBe(308);
      expect(answer.headers.location, target).toBe(expected);
      expect(new URL(answer.headers.location!).host).toBe('public.example');
    }
    const elsewhere = await send(behindProxy.origin, 'GET', '/path', [
      ...viaProxy('http'),
      'X-Forwarded-Host: evil.example',
    ]);
    expect(elsewhere.status).toBe(421);
  });

  it('serves what the proxy got over https', async () => {
    for (const proto of ['https', 'HTTPS']) {
      const answer = await send(behindProxy.origin, 'GET', '/api/health', viaProxy(proto));
      expect(answer.status, proto).toBe(200);
      const page = await send(behindProxy.origin, 'GET', '/no-such-page', viaProxy(proto));
      expect(page.status, proto).toBe(404);
    }
  });

  it('answers the load balancer health check over plain http', async () => {
    for (const headers of [viaProxy('http'), []]) {
      const answer = await send(behindProxy.origin, 'GET', '/api/health', headers);
      expect(answer.status).toBe(200);
    }
  });

  it('ignores X-Forwarded-Proto from a peer that is not a trusted proxy: it came over http', async () => {
    const answer = await send(untrustedPeer.origin, 'GET', '/path?x', viaProxy('https'));
    expect(answer.status).toBe(308);
    expect(answer.headers.location).toBe('https://public.example/path?x');
  });

  it('does not redirect outside production', async () => {
    const answer = await send(development.origin, 'GET', '/api/health', viaProxy('http'));
    expect(answer.status).toBe(200);
  });
});
