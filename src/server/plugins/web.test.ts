import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test/databases.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

const [sqlite] = await testDatabaseKinds();

function writeBuild(root: string) {
  const files: Record<string, string> = {
    'index.html': '<!doctype html><title>Home</title><h1>Home page</h1>',
    'pricing/index.html':
      '<!doctype html><title>Pricing</title><script>window.ctx = 1;</script><script type="module" src="/assets/entry-a1b2c3.js"></script>',
    '404/index.html': '<!doctype html><title>Not found</title><p>Built 404 page</p>',
    '__spa-fallback.html':
      '<!doctype html><html><head><title>App</title></head><script>window.spa = 1;</script><p>SPA fallback</p>',
    'assets/entry-a1b2c3.js': 'console.log(1)',
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'icon-192.png': 'png',
    'pricing.data': '[]',
  };
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  writeFileSync(join(root, 'assets/entry-a1b2c3.js.br'), brotliCompressSync('console.log(1)'));
}

describe('serving the web build', () => {
  let testApp: TestApp;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'reelscore-web-'));
    writeBuild(root);
    testApp = await startTestApp(sqlite!, { webRoot: root });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(root, { recursive: true, force: true });
  });
  const get = (url: string) => testApp.app.inject({ method: 'GET', url });

  it('serves prerendered pages with and without a trailing slash, revalidated on each visit', async () => {
    for (const url of ['/', '/pricing', '/pricing/']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    expect((await get('/pricing')).body).toContain('<title>Pricing</title>');
  });

  it('marks hashed assets immutable for a year', async () => {
    const response = await get('/assets/entry-a1b2c3.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('allows exactly the inline scripts of each page in its content security policy', async () => {
    const hash = createHash('sha256').update('window.ctx = 1;').digest('base64');
    const pricing = String((await get('/pricing')).headers['content-security-policy']);
    const scriptSrc = pricing.split(';').find((directive) => directive.startsWith('script-src'));
    expect(scriptSrc).toContain(`'sha256-${hash}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
    const home = String((await get('/')).headers['content-security-policy']);
    expect(home).not.toContain(hash);
  });

  it('sends the Brotli copy of a file to clients that accept it', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/assets/entry-a1b2c3.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe('console.log(1)');
  });

  it('revalidates route data files and caches other files briefly', async () => {
    expect((await get('/pricing.data')).headers['cache-control']).toBe('no-cache');
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers unknown pages, however deep, with the built 404 page and status 404', async () => {
    for (const url of ['/nope', '/a/b/c/d', '/assets/missing.js']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toContain('Built 404 page');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers the client-only /admin page with the SPA fallback, status 200 and its own policy', async () => {
    const hash = createHash('sha256').update('window.spa = 1;').digest('base64');
    for (const url of ['/admin', '/admin/', '/admin?tab=users']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('SPA fallback');
      const policy = String(response.headers['content-security-policy']);
      expect(policy).toContain(`'sha256-${hash}'`);
      const nonce = /<meta name="csp-nonce" content="([^"]+)">/.exec(response.body)?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const directives = policy.split(';').map((directive) => directive.trim());
      expect(directives).toContain(`style-src 'self' 'nonce-${nonce}'`);
      expect(policy).toContain("style-src-attr 'unsafe-inline'");
    }
    const nonces = await Promise.all([get('/admin'), get('/admin')]).then((responses) =>
      responses.map((response) => String(response.headers['content-security-policy'])),
    );
    expect(nonces[0]).not.toBe(nonces[1]);
    const head = await testApp.app.inject({ method: 'HEAD', url: '/admin' });
    expect(head.statusCode).toBe(200);
    const deeper = await get('/admin/unknown');
    expect(deeper.statusCode).toBe(404);
    expect(deeper.body).toContain('Built 404 page');
  });

  it('lets other origins embed the images that emails show, and nothing else', async () => {
    const icon = await get('/icon-192.png');
    expect(icon.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const favicon = await get('/favicon.svg');
    expect(favicon.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('keeps answering unknown API paths with JSON', async () => {
    const response = await get('/api/missing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not found' });
  });

  it('does not serve files outside the build', async () => {
    const response = await get('/..%2f..%2fetc%2fpasswd');
    expect(response.statusCode).toBe(404);
  });
});

describe('without a web build', () => {
  it('serves a placeholder home page and the standard 404 text', async () => {
    const testApp = await startTestApp(sqlite!);
    const home = await testApp.app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('ReelScore');
    const missing = await testApp.app.inject({ method: 'GET', url: '/missing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Oops! The page you’re looking for doesn’t exist.');
    expect(missing.body).toContain('Back to Home');
    await testApp.close();
  });
});
