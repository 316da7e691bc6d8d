import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../test/test-config.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

const [sqlite] = await testDatabaseKinds();
let testApp: TestApp;
beforeAll(async () => {
  testApp = await startTestApp(sqlite!);
});
afterAll(() => testApp.close());

const post = (headers: Record<string, string>, payload?: string) =>
  testApp.app.inject({ method: 'POST', url: '/api/utility/signup', headers, payload });

describe('requests the API cannot use get a 4xx JSON error, never a 5xx', () => {
  it('malformed JSON -> 400', async () => {
    const response = await post({ 'content-type': 'application/json' }, '{"email": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: expect.stringContaining('not valid JSON') });
  });

  it('an empty JSON body -> 400', async () => {
    const response = await post({ 'content-type': 'application/json' }, '');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('error');
  });

  it.each([
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
  ])('content type %s -> 415', async (contentType) => {
    const response = await post({ 'content-type': contentType }, 'email=a@b.co');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toHaveProperty('error');
  });

  it('a body over 16 KiB -> 413', async () => {
    const payload = JSON.stringify({
      email: 'a@b.co',
      signupType: 'general',
      pad: 'x'.repeat(20_000),
    });
    const response = await post({ 'content-type': 'application/json' }, payload);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toHaveProperty('error');
  });

  it('an unknown API path -> 404 JSON', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/utility/nothing'],
      ['DELETE', '/api/health'],
      ['GET', '/api'],
    ] as const) {
      const response = await testApp.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ error: 'Not found' });
    }
  });

  it('a wrong method on a known path is not a 5xx', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/utility/signup' });
    expect(response.statusCode).toBe(404);
  });
});

describe('security headers', () => {
  it.each(['/api/health', '/api/nothing', '/', '/no/such/page', '/api/openapi.json'])(
    'are on %s',
    async (url) => {
      const response = await testApp.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain(url.startsWith('/api/') ? "default-src 'none'" : "default-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      // Headers for long-gone browsers are not sent.
      expect(response.headers['x-xss-protection']).toBeUndefined();
      expect(response.headers['x-download-options']).toBeUndefined();
      // HSTS is only sent in production, where TLS is guaranteed.
      expect(response.headers['strict-transport-security']).toBeUndefined();
    },
  );

  it('include HSTS in production', async () => {
    const [kind] = await testDatabaseKinds();
    const production = await startTestApp(kind!, {
      env: 'production',
      oidc: { issuer: 'https://accounts.google.com', clientId: 'id', clientSecret: 'secret' },
      // Production sends through real SMTP (never the local catcher); nothing is sent here.
      mail: { ...testConfig().mail, smtpUrl: 'smtp://127.0.0.1:1' },
    });
    const response = await production.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=63072000; includeSubDomains',
    );
    await production.close();
  });
});

describe('API documentation', () => {
  it('serves an OpenAPI 3.1 document generated from the schemas', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, unknown> };
    }>();
    expect(document.openapi).toBe('3.1.0');
    expect(document.paths['/api/utility/signup']).toHaveProperty('post');
    expect(document.paths['/api/health']).toHaveProperty('get');
    expect(JSON.stringify(document.paths['/api/utility/signup'])).toContain('SignupRequest');
    expect(JSON.stringify(document.components.schemas.SignupRequestInput)).toContain(
      'get-extension-bottom',
    );
  });

  it('serves human documentation at /api/docs', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });
});
