import { createServer as createHttpServer } from 'node:http';
import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test/databases.ts';
import { Browser, startListeningApp } from '../../test/listening-app.ts';
import { expectPersonPage } from '../../test/person-pages.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { SIGN_IN_RATE_LIMIT } from './auth-routes.ts';
import { issuerFault, providerName } from './issuer-availability.ts';

const [sqlite] = await testDatabaseKinds();
const BROWSER = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const UNREACHABLE =
  "Sign-in is unavailable right now: we can't reach the sign-in service. Please try again in a few minutes.";

/** A port nothing listens on: taken from the system, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

/** What the popup's script posts to the dashboard. */
function postedMessage(html: string): unknown {
  const literal = /var m=(\{.*?\});if\(window\.opener\)/.exec(html)?.[1];
  return literal ? JSON.parse(literal) : undefined;
}

async function countTransactions(testApp: TestApp): Promise<number> {
  const rows = await testApp.app.database.db
    .selectFrom('auth_transactions')
    .select('id_hash')
    .execute();
  return rows.length;
}

describe('sign-in start with the identity provider unreachable', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(sqlite!, {
      oidc: {
        issuer: `https://127.0.0.1:${await closedPort()}`,
        clientId: 'reelscore-web',
        clientSecret: 'secret',
      },
    });
  });
  afterAll(() => testApp.close());

  it('shows a 503 page in the popup that tells the dashboard sign-in is unavailable', async () => {
    const answer = await testApp.app.inject({
      method: 'GET',
      url: '/api/auth/login',
      headers: BROWSER,
      remoteAddress: '10.3.0.1',
    });
    const text = expectPersonPage(answer, 503);
    expect(text).toContain(`Sign-in is unavailable ${UNREACHABLE}`);
    expect(postedMessage(answer.body)).toEqual({
      source: 'reelscore-auth',
      ok: false,
      error: UNREACHABLE,
    });
    expect(answer.body).toContain(`window.opener.postMessage(m,"${testApp.app.config.publicUrl}")`);
    // The popup keeps its opener; nothing was stored and no cookie set.
    expect(answer.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(await countTransactions(testApp)).toBe(0);
  });

  it(`answers at most ${SIGN_IN_RATE_LIMIT.max} starts a minute from one address, then a page`, async () => {
    const start = (remoteAddress: string) =>
      testApp.app.inject({ method: 'GET', url: '/api/auth/login', remoteAddress });
    for (let n = 0; n < SIGN_IN_RATE_LIMIT.max; n++) {
      expect((await start('10.3.0.2')).statusCode, `start #${n + 1}`).toBe(503);
    }
    const limited = await start('10.3.0.2');
    expect(expectPersonPage(limited, 429)).toMatch(/Too many attempts\. Please try again in /);
    expect(postedMessage(limited.body)).toEqual({
      source: 'reelscore-auth',
      ok: false,
      error: expect.stringMatching(/^Too many attempts\. Please try again in /),
    });
    expect((await start('10.3.0.3')).statusCode).toBe(503);
  });
});

/** A TCP relay that can be cut: the issuer's address goes dark while the app still runs. */
async function startRelay(target: () => number) {
  const sockets = new Set<Socket>();
  const server = createServer((incoming) => {
    const outgoing = createConnection({ host: '127.0.0.1', port: target() });
    for (const socket of [incoming, outgoing]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    incoming.pipe(outgoing).pipe(incoming);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async cut() {
      await new Promise((done) => {
        server.close(done);
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}

describe('sign-in callback with the identity provider unreachable', () => {
  let testApp: TestApp & { origin: string };
  let relay: Awaited<ReturnType<typeof startRelay>>;
  beforeAll(async () => {
    // The public address (and so the embedded issuer) is the relay in front of the app.
    relay = await startRelay(() => Number(new URL(testApp.origin).port));
    testApp = await startListeningApp(sqlite!, {
      publicUrl: relay.origin,
      adminEmails: new Set(['curator@example.com']),
    });
  });
  afterAll(() => testApp.close());

  it('says sign-in is unavailable, not that it failed, when the code cannot be exchanged', async () => {
    const browser = new Browser(relay.origin);
    const { url: loginPage } = await browser.follow('/api/auth/login', (next) =>
      next.pathname.startsWith('/api/auth/local-login/'),
    );
    const submitted = await browser.request(loginPage.href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'curator@example.com' }).toString(),
    });
    const { url: callback } = await browser.follow(
      submitted.headers.get('location') ?? '',
      (next) => next.pathname === '/api/auth/callback',
    );
    await relay.cut();

    // The browser reaches the app directly; the app's call to the issuer finds nobody.
    const answer = await browser.request(
      new URL(callback.pathname + callback.search, testApp.origin).href,
      { headers: BROWSER },
    );
    const body = await answer.text();
    const text = expectPersonPage(
      { statusCode: answer.status, headers: Object.fromEntries(answer.headers), body },
      503,
    );
    expect(text).toContain(UNREACHABLE);
    expect(text).not.toContain('Sign-in failed');
    expect(postedMessage(body)).toEqual({
      source: 'reelscore-auth',
      ok: false,
      error: UNREACHABLE,
    });
    expect(answer.headers.getSetCookie().some((line) => line.includes('session='))).toBe(false);
  });
});

describe('what counts as the identity provider failing', () => {
  const insecure = { execute: [client.allowInsecureRequests] };
  const discover = (origin: string) =>
    client.discovery(new URL(origin), 'id', 'secret', undefined, insecure).then(
      () => undefined,
      (error: unknown) => error,
    );

  it('is unreachable (503) when nothing answers', async () => {
    expect(issuerFault(await discover(`http://127.0.0.1:${await closedPort()}`))).toBe(503);
  });

  it('answers garbage (502) when it sends a server error or something other than JSON', async () => {
    const server = createHttpServer((request, response) => {
      if (request.url?.startsWith('/broken')) response.writeHead(500).end('Internal error');
      else response.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Welcome</h1>');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(issuerFault(await discover(`${origin}/html`))).toBe(502);
      expect(issuerFault(await discover(`${origin}/broken`))).toBe(502);
    } finally {
      await new Promise((done) => server.close(done));
    }
  });

  it('is not the provider when its answer was fine and refused (that sign-in failed)', () => {
    expect(issuerFault(new Error('unexpected JWT claim value encountered'))).toBeUndefined();
    expect(issuerFault(undefined)).toBeUndefined();
  });

  it('names Google to the person only when the issuer is Google', () => {
    expect(providerName('https://accounts.google.com')).toBe('Google');
    expect(providerName('https://login.example.com/oidc')).toBe('the sign-in service');
    expect(providerName(undefined)).toBe('the sign-in service');
  });
});
