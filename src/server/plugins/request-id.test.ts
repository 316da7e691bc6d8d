import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test/databases.ts';
import { startListeningApp } from '../test/listening-app.ts';
import { trustedPeer } from './request-id.ts';

type ListeningApp = Awaited<ReturnType<typeof startListeningApp>>;

const [sqlite] = await testDatabaseKinds();

/** The proxy connects from 127.0.0.2; a client straight to the service from 127.0.0.1. */
const PROXY = '127.0.0.2';
const CLIENT = '127.0.0.1';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Answer {
  status: number;
  requestId: string | undefined;
}

function send(
  origin: string,
  path: string,
  options: { from?: string; requestId?: string; method?: string; body?: object } = {},
): Promise<Answer> {
  const body = options.body ? JSON.stringify(options.body) : undefined;
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      `${origin}${path}`,
      {
        method: options.method ?? 'GET',
        localAddress: options.from ?? CLIENT,
        headers: {
          ...(options.requestId === undefined ? {} : { 'x-request-id': options.requestId }),
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            requestId: response.headers['x-request-id'] as string | undefined,
          }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

describe('the request id of every answer', () => {
  let testApp: ListeningApp;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    testApp = await startListeningApp(sqlite!, {
      trustProxy: [PROXY],
      signupRateLimit: { max: 1, windowMs: 60_000 },
      logLevel: 'info',
      logDestination: {
        write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>),
      },
    });
  });
  afterAll(() => testApp.close());

  it("is the trusted proxy's own, in the answer and in the access log line", async () => {
    // Not /api/health: health checks are logged at warn level only.
    const answer = await send(testApp.origin, '/api/admin/signups', {
      from: PROXY,
      requestId: 'lb-7f3a:trace=42',
    });
    expect(answer).toEqual({ status: 401, requestId: 'lb-7f3a:trace=42' });
    // The line is written once the answer has left, so it may come just after it.
    await expect
      .poll(() =>
        lines.find((line) => line.msg === 'request completed' && line.reqId === 'lb-7f3a:trace=42'),
      )
      .toMatchObject({ route: '/api/admin/signups', statusCode: 401 });
  });

  it("is never a client's own: a client could forge ids to muddle the logs", async () => {
    const answer = await send(testApp.origin, '/api/health', { requestId: 'forged-by-client' });
    expect(answer.status).toBe(200);
    expect(answer.requestId).toMatch(UUID);
    expect(JSON.stringify(lines)).not.toContain('forged-by-client');
  });

  it("replaces a trusted proxy's id that is not one short printable token", async () => {
    for (const invalid of ['x'.repeat(129), 'two words', 'caf\u00e9', '']) {
      const answer = await send(testApp.origin, '/api/health', {
        from: PROXY,
        requestId: invalid,
      });
      expect(answer.requestId, invalid).toMatch(UUID);
    }
    const longest = 'y'.repeat(128);
    expect(
      (await send(testApp.origin, '/api/health', { from: PROXY, requestId: longest })).requestId,
    ).toBe(longest);
  });

  it('is on answers of every kind: 200, 401, 404, 429 and a URL refused before routing', async () => {
    const signup = { email: 'fan@example.com', signupType: 'general' };
    const answers = [
      await send(testApp.origin, '/api/health'),
      await send(testApp.origin, '/api/admin/signups'),
      await send(testApp.origin, '/api/no-such-thing'),
      await send(testApp.origin, '/no-such-page'),
      await send(testApp.origin, '/api/utility/signup', { method: 'POST', body: signup }),
      await send(testApp.origin, '/api/utility/signup', { method: 'POST', body: signup }),
      await send(testApp.origin, '/api/%zz'),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 401, 404, 404, 200, 429, 400]);
    for (const answer of answers) expect(answer.requestId).toMatch(UUID);
    expect(new Set(answers.map((answer) => answer.requestId)).size).toBe(answers.length);
  });
});

describe('trusted peers', () => {
  it('match addresses, ranges and named ranges as TRUST_PROXY means them', () => {
    const trusted = trustedPeer(['10.0.0.0/8', '2001:db8::1', 'loopback']);
    expect(trusted('10.1.2.3')).toBe(true);
    expect(trusted('::ffff:10.1.2.3')).toBe(true);
    expect(trusted('2001:db8::1')).toBe(true);
    expect(trusted('127.0.0.1')).toBe(true);
    expect(trusted('::1')).toBe(true);
    expect(trusted('11.0.0.1')).toBe(false);
    expect(trusted('2001:db8::2')).toBe(false);
    expect(trusted(undefined)).toBe(false);
    expect(trustedPeer(false)('127.0.0.1')).toBe(false);
  });
});
