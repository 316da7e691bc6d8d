import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppConfig } from '../config.ts';
import { testConfig } from '../test/test-config.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';

const [sqlite] = await testDatabaseKinds();

/** Where a request under the given Host goes: its redirect target, or null when it is served. */
async function redirectOf(
  app: TestApp,
  host: string,
  url: string,
  method: 'GET' | 'HEAD' | 'POST' = 'GET',
): Promise<string | null> {
  const response = await app.app.inject({ method, url, headers: { host } });
  if (response.statusCode !== 307) return null;
  return String(response.headers.location);
}

describe('a page opened under another loopback name of PUBLIC_URL (http://localhost:3000)', () => {
  let local: TestApp;
  beforeAll(async () => {
    local = await startTestApp(sqlite!, { publicUrl: 'http://localhost:3000' });
  });
  afterAll(() => local.close());

  it('is sent to the same path and query on PUBLIC_URL, where sign-in cookies live', async () => {
    expect(await redirectOf(local, '127.0.0.1:3000', '/admin?tab=signups')).toBe(
      'http://localhost:3000/admin?tab=signups',
    );
    expect(await redirectOf(local, '[::1]:3000', '/')).toBe('http://localhost:3000/');
    expect(await redirectOf(local, '127.0.0.1:3000', '/auth/login', 'HEAD')).toBe(
      'http://localhost:3000/auth/login',
    );
  });

  it('is served where it is under PUBLIC_URL itself', async () => {
    expect(await redirectOf(local, 'localhost:3000', '/admin')).toBeNull();
    expect(await redirectOf(local, 'LOCALHOST:3000', '/admin')).toBeNull();
  });

  it('leaves API calls and other methods alone', async () => {
    expect(await redirectOf(local, '127.0.0.1:3000', '/api/health')).toBeNull();
    expect(await redirectOf(local, '127.0.0.1:3000', '/API/health')).toBeNull();
    expect(await redirectOf(local, '127.0.0.1:3000', '/api/utility/signup', 'POST')).toBeNull();
    expect(await redirectOf(local, '127.0.0.1:3000', '/admin', 'POST')).toBeNull();
  });

  it('never follows another Host: other names and other ports are not sent to PUBLIC_URL', async () => {
    for (const host of ['evil.example:3000', '127.0.0.2:3000', '127.0.0.1:4000', '127.0.0.1', ''])
      expect(await redirectOf(local, host, '/admin'), host).toBeNull();
    // An absolute-form target names its own host; the redirect still goes to PUBLIC_URL.
    expect(await redirectOf(local, '127.0.0.1:3000', 'http://evil.example/admin')).toBe(
      'http://localhost:3000/admin',
    );
  });
});

describe('the loopback redirect is off', () => {
  it('when PUBLIC_URL is not a loopback name', async () => {
    const app = await startTestApp(sqlite!, {
      publicUrl: 'https://reelscore.app',
      oidc: { issuer: 'https://accounts.google.com', clientId: 'web', clientSecret: 'secret' },
    });
    expect(await redirectOf(app, '127.0.0.1:3000', '/admin')).toBeNull();
    await app.close();
  });

  it('in production', async () => {
    const production: Partial<AppConfig> = {
      env: 'production',
      publicUrl: 'http://localhost:3000',
      oidc: { issuer: 'https://accounts.google.com', clientId: 'web', clientSecret: 'secret' },
      mail: {
        ...testConfig().mail,
        smtpUrl: 'smtp://127.0.0.1:1',
        unsubscribeSecret: randomBytes(48).toString('base64'),
      },
    };
    const app = await startTestApp(sqlite!, production);
    expect(await redirectOf(app, '127.0.0.1:3000', '/admin')).toBeNull();
    await app.close();
  });
});
