import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppConfig } from './config.ts';
import { PLACE_PATH } from './platform/links/place-link.ts';
import { testConfig } from './test/test-config.ts';
import { SESSION_COOKIE } from './features/auth/admin-guard.ts';
import { adminHeaders } from './test/admin-session.ts';
import { testDatabaseKinds } from './test/databases.ts';
import { startTestApp, type TestApp } from './test/test-app.ts';

const [sqlite] = await testDatabaseKinds();
const ADMIN = 'headers-admin@example.com';
/** docs/decisions/0003-security-headers.md: JSON is never a document. */
const API_POLICY = "default-src 'none'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'";
const HSTS = 'max-age=63072000; includeSubDomains';
const SIGNUP_LIMIT = 3;

/** A small web build: pages with and without inline scripts, the 404 page, the SPA fallback. */
function writeBuild(root: string) {
  const files: Record<string, string> = {
    'index.html': '<!doctype html><title>Home</title><h1>Home</h1>',
    'pricing/index.html': '<!doctype html><title>Pricing</title><script>window.ctx = 1;</script>',
    '404/index.html': '<!doctype html><title>Not found</title><p>Built 404 page</p>',
    '__spa-fallback.html': '<!doctype html><html><head><title>App</title></head><p>SPA</p>',
    'assets/entry-a1b2c3.js': 'console.log(1)',
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'icon-192.png': 'png',
    'mail-wordmark.png': 'png',
  };
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
}

type Answer = { request: InjectOptions & { url: string }; response: LightMyRequestResponse };

function directives(policy: string): Map<string, string> {
  return new Map(
    policy
      .split(';')
      .map((directive) => directive.trim())
      .filter(Boolean)
      .map((directive) => {
        const [name = '', ...sources] = directive.split(/\s+/);
        return [name, sources.join(' ')] as const;
      }),
  );
}

/**
 * The headers DESIGN.md (security model) and decision 0003 ask of every answer, with the
 * policy its kind gets: the API's on /api, the page policy on pages, the popup pages' own.
 */
function expectSecurityHeaders({ request, response }: Answer, env: 'test' | 'production') {
  const path = request.url.split('?', 1)[0] ?? '';
  const where = `${request.method ?? 'GET'} ${request.url} -> ${response.statusCode}`;
  const headers = response.headers;
  const html = String(headers['content-type'] ?? '').startsWith('text/html');
  const popup =
    html &&
    (path.startsWith('/api/auth/local-login/') ||
      path === '/api/auth/callback' ||
      path === '/api/auth/login');
  // Any page on an API path is a page for a person (the popup, a link from a mail), as are the
  // person's own page and its forms (/place).
  const personPage =
    html &&
    ((path.startsWith('/api/') && !path.startsWith('/api/docs')) ||
      path === PLACE_PATH ||
      path.startsWith(`${PLACE_PATH}/`));
  const policy = String(headers['content-security-policy'] ?? '');

  expect(headers['x-content-type-options'], where).toBe('nosniff');
  expect(headers['referrer-policy'], where).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options'], where).toBe('DENY');
  expect(headers['cross-origin-resource-policy'], where).toBe(
    path === '/icon-192.png' || path === '/mail-wordmark.png' ? 'cross-origin' : 'same-origin',
  );
  expect(headers['strict-transport-security'], where).toBe(env === 'production' ? HSTS : undefined);
  expect(headers['x-powered-by'], where).toBeUndefined();
  expect(headers['x-xss-protection'], where).toBeUndefined();
  // The sign-in popup must keep its opener (decision 0003); everything else isolates itself.
  const providerPath = path === '/oidc' || path.startsWith('/oidc/');
  const popupWindow = popup || providerPath;
  expect(headers['cross-origin-opener-policy'], where).toBe(
    popupWindow ? undefined : 'same-origin-allow-popups',
  );

  const csp = directives(policy);
  expect(csp.get('base-uri'), where).toBe("'none'");
  expect(csp.get('frame-ancestors'), where).toBe("'none'");
  expect(csp.get('object-src') ?? csp.get('default-src'), where).toBe("'none'");
  expect(csp.get('script-src') ?? '', where).not.toContain("'unsafe-inline'");
  if (providerPath || (path.startsWith('/api/') && !personPage && !path.startsWith('/api/docs'))) {
    expect(policy, where).toBe(API_POLICY);
  } else if (personPage) {
    expect(csp.get('default-src'), where).toBe("'none'");
  } else {
    expect(csp.get('default-src'), where).toBe("'self'");
    expect(csp.has('upgrade-insecure-requests'), where).toBe(env === 'production');
    if (!path.startsWith('/api/docs')) expect(csp.get('form-action'), where).toBe("'self'");
  }
}

/** Every route of the route table, parameters filled, as a caller without and with a session. */
async function everyRoute(app: FastifyInstance, skip: (url: string) => boolean = () => false) {
  const admin = (await adminHeaders(app, ADMIN)).headers;
  const answers: Answer[] = [];
  for (const route of app.routeList) {
    if (skip(route.url)) continue;
    const url = route.url
      .replace(':id', 'early-access-invitation')
      .replace(':uid', 'probe')
      .replace('/api/docs/static/*', '/api/docs/static/index.html')
      .replace('/*', '/favicon.svg');
    const body = ['GET', 'HEAD'].includes(route.method)
      ? {}
      : { headers: { 'content-type': 'application/json' }, payload: '{}' };
    for (const credentials of [{}, admin]) {
      const request = {
        method: route.method as 'GET',
        url,
        ...body,
        headers: { ...body.headers, ...credentials },
      };
      answers.push({ request, response: await app.inject(request) });
    }
  }
  return answers;
}

async function ask(
  app: FastifyInstance,
  request: InjectOptions & { url: string },
): Promise<Answer> {
  return { request, response: await app.inject(request) };
}

describe('security headers on every answer', () => {
  let root: string;
  let testApp: TestApp;
  let admin: Record<string, string>;
  const statuses = new Set<number>();
  const check = (answer: Answer, env: 'test' | 'production' = 'test') => {
    statuses.add(answer.response.statusCode);
    expectSecurityHeaders(answer, env);
  };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'reelscore-headers-'));
    writeBuild(root);
    testApp = await startTestApp(sqlite!, {
      webRoot: root,
      adminEmails: new Set([ADMIN]),
      signupRateLimit: { max: SIGNUP_LIMIT, windowMs: 60_000 },
    });
    admin = (await adminHeaders(testApp.app, ADMIN)).headers;
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('are on every route of the route table, signed out and signed in', async () => {
    const answers = await everyRoute(testApp.app);
    expect(answers.length).toBeGreaterThan(60);
    for (const answer of answers) check(answer);
  });

  it('are on the static pages, the SPA fallback, assets and the 404 page', async () => {
    for (const url of [
      '/',
      '/pricing',
      '/pricing/',
      '/admin',
      '/admin?tab=users',
      '/assets/entry-a1b2c3.js',
      '/favicon.svg',
      '/icon-192.png',
      '/mail-wordmark.png',
      '/no/such/page',
      '/assets/missing.js',
    ]) {
      check(await ask(testApp.app, { method: 'GET', url }));
      check(await ask(testApp.app, { method: 'HEAD', url }));
    }
  });

  it('are on every kind of refusal: 400, 401, 403, 404, 413, 415, 429', async () => {
    const app = testApp.app;
    const json = { 'content-type': 'application/json' };
    const stranger = (await adminHeaders(app, 'stranger@example.com')).headers;
    const requests: (InjectOptions & { url: string })[] = [
      { method: 'GET', url: '/api/admin/users?limit=-1', headers: admin },
      { method: 'POST', url: '/api/utility/signup', headers: json, payload: '{"email":' },
      { method: 'GET', url: '/api/%zz' },
      { method: 'GET', url: '/%zz' },
      { method: 'GET', url: '/api/email/templates/%zz/preview', headers: admin },
      { method: 'GET', url: '/api/admin/users' },
      { method: 'GET', url: '/api/admin/users', headers: { cookie: `${SESSION_COOKIE}=garbage` } },
      { method: 'GET', url: '/api/admin/users', headers: stranger },
      {
        method: 'POST',
        url: '/api/admin/whitelist/add',
        headers: { ...json, cookie: admin.cookie!, origin: 'https://evil.example' },
        payload: '{"email":"a@example.com"}',
      },
      { method: 'GET', url: '/api/nothing-here' },
      { method: 'DELETE', url: '/api/health' },
      { method: 'GET', url: '/api/email/templates/nope/preview', headers: admin },
      {
        method: 'POST',
        url: '/api/utility/signup',
        headers: json,
        payload: JSON.stringify({ email: 'a@example.com', pad: 'x'.repeat(20_000) }),
      },
      { method: 'GET', url: `/api/email/templates/${'x'.repeat(200)}/preview`, headers: admin },
      {
        method: 'POST',
        url: '/api/utility/signup',
        headers: { 'content-type': 'text/plain' },
        payload: 'x',
      },
      {
        method: 'POST',
        url: '/api/auth/local-login/probe',
        headers: { 'content-type': 'text/plain' },
        payload: 'x',
      },
      {
        method: 'POST',
        url: '/api/auth/local-login/probe',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'email=a%40example.com',
      },
      { method: 'GET', url: '/api/auth/callback?code=x&state=y' },
    ];
    // Each from its own address, so the signup limit answers none of them first.
    for (const [n, request] of requests.entries())
      check(await ask(app, { ...request, remoteAddress: `10.0.0.${n + 1}` }));

    const signup = () =>
      ask(app, {
        method: 'POST',
        url: '/api/utility/signup',
        remoteAddress: '10.9.8.7',
        headers: json,
        payload: '{"email":"limit@example.com","signupType":"general"}',
      });
    for (let n = 0; n < SIGNUP_LIMIT; n++) check(await signup());
    const limited = await signup();
    expect(limited.response.statusCode).toBe(429);
    check(limited);
  });

  it("are on the embedded provider's answers under /oidc", async () => {
    for (const request of [
      { method: 'GET', url: '/oidc/.well-known/openid-configuration' },
      { method: 'GET', url: '/oidc/jwks' },
      { method: 'GET', url: '/oidc/auth?client_id=nobody' },
      { method: 'GET', url: '/oidc/auth?client_id=reelscore-web' },
      {
        method: 'POST',
        url: '/oidc/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=x',
      },
      { method: 'GET', url: '/oidc/nothing' },
    ] as const) {
      check(await ask(testApp.app, { ...request }));
    }
  });

  it('are on 414 answers to over-long path parameters', async () => {
    // With a web build, the site's catch-all route takes such paths instead (401 or 404 above).
    const bare = await startTestApp(sqlite!);
    const headers = (await adminHeaders(bare.app, ADMIN)).headers;
    for (const url of [
      `/api/email/templates/${'x'.repeat(200)}/preview`,
      `/api/auth/local-login/${'x'.repeat(200)}`,
    ]) {
      const answer = await ask(bare.app, { method: 'GET', url, headers });
      expect(answer.response.statusCode, url).toBe(414);
      check(answer);
    }
    await bare.close();
  });

  it('are on 503 answers when the database is gone', async () => {
    const broken = await startTestApp(sqlite!, { adminEmails: new Set([ADMIN]) });
    const headers = (await adminHeaders(broken.app, ADMIN)).headers;
    await broken.app.database.close();
    for (const request of [
      { method: 'GET', url: '/api/health' },
      { method: 'GET', url: '/api/admin/users', headers },
      {
        method: 'POST',
        url: '/api/utility/signup',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":"later@example.com","signupType":"general"}',
      },
    ] as const) {
      const answer = await ask(broken.app, { ...request });
      check(answer);
    }
    await broken.close();
  });

  it('include HSTS and upgrade-insecure-requests in production, on every route and on a 500', async () => {
    const production: Partial<AppConfig> = {
      env: 'production',
      webRoot: root,
      adminEmails: new Set([ADMIN]),
      // Real sign-in and SMTP are required in production; nothing here may reach them.
      oidc: { issuer: 'https://127.0.0.1:1', clientId: 'id', clientSecret: 'secret' },
      mail: { ...testConfig().mail, smtpUrl: 'smtp://127.0.0.1:1' },
    };
    const testProduction = await startTestApp(sqlite!, production);
    try {
      // Sign-in start asks the (unreachable) issuer for its configuration: a 503 popup page.
      const answers = await everyRoute(testProduction.app, (url) => url === '/api/app/register');
      expect(answers.some((answer) => answer.response.statusCode === 503)).toBe(true);
      for (const answer of answers) check(answer, 'production');
      for (const url of ['/', '/pricing', '/no/such/page', '/api/nothing', '/api/%zz'])
        check(await ask(testProduction.app, { method: 'GET', url }), 'production');
    } finally {
      await testProduction.close();
    }
  });

  it('met every kind of answer it claims to cover', () => {
    for (const status of [200, 204, 302, 303, 400, 401, 403, 404, 413, 414, 415, 429, 500, 503])
      expect([...statuses], `status ${status}`).toContain(status);
  });
});
