import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_DENIED_MESSAGE } from '../../../contract/admin.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { Browser, startListeningApp } from '../../test/listening-app.ts';
import { chooseLocalAccount } from '../../test/local-sign-in.ts';
import type { TestApp } from '../../test/test-app.ts';
import { SESSION_COOKIE } from './admin-guard.ts';

const [sqlite] = await testDatabaseKinds();
const ADMIN = 'curator@example.com';

/** Runs the popup's journey: our login, the provider's sign-in page, back to our callback. */
async function signIn(
  browser: Browser,
  email: string,
  tamper?: (callback: URL) => void | Promise<void>,
) {
  const { url: loginPage } = await browser.follow('/api/auth/login', (next) =>
    next.pathname.startsWith('/api/auth/local-login/'),
  );
  const { url: callback } = await chooseLocalAccount(browser, loginPage, email);
  await tamper?.(callback);
  return browser.request(callback.href);
}

describe('admin sign-in with the embedded OpenID Connect provider', () => {
  let testApp: TestApp & { origin: string };
  beforeAll(async () => {
    testApp = await startListeningApp(sqlite!, { adminEmails: new Set([ADMIN]) });
  });
  afterAll(() => testApp.close());

  it('gives an allow-listed admin an HttpOnly, Secure, SameSite=Strict __Host- session', async () => {
    const browser = new Browser(testApp.origin);
    const callback = await signIn(browser, ADMIN);

    expect(callback.status).toBe(200);
    const html = await callback.text();
    expect(html).toContain(`window.opener.postMessage(m,"${testApp.origin}")`);
    expect(callback.headers.get('cross-origin-opener-policy')).toBeNull();
    const setCookie = callback.headers
      .getSetCookie()
      .find((line) => line.startsWith(`${SESSION_COOKIE}=`));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/Secure/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\//);

    const session = await browser.request('/api/auth/session');
    expect(session.status).toBe(200);
    expect(await session.json()).toEqual({
      uid: expect.any(String),
      email: ADMIN,
      displayName: 'Film Curator',
      photoURL: null,
      isAdmin: true,
      role: 'admin',
    });
  });

  it('stores only a hash of the session token', async () => {
    const browser = new Browser(testApp.origin);
    await signIn(browser, ADMIN);
    const token = browser.cookie(SESSION_COOKIE)!;
    const rows = await testApp.app.database.db
      .selectFrom('admin_sessions')
      .select('token_hash')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.token_hash === token)).toBe(false);
  });

  it('refuses an address that is not on the allow-list and gives it no session', async () => {
    const browser = new Browser(testApp.origin);
    const callback = await signIn(browser, 'visitor@example.com');

    expect(callback.status).toBe(403);
    const html = await callback.text();
    expect(html).toContain(ACCESS_DENIED_MESSAGE);
    // The dashboard names the refused account, so the person can sign in with another.
    expect(html).toContain(
      `var m=${JSON.stringify({
        source: 'reelscore-auth',
        ok: false,
        error: ACCESS_DENIED_MESSAGE,
        account: 'visitor@example.com',
      })};`,
    );
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
    expect((await browser.request('/api/auth/session')).status).toBe(401);
  });

  it('rejects a callback whose state was tampered with', async () => {
    const browser = new Browser(testApp.origin);
    const callback = await signIn(browser, ADMIN, (url) => url.searchParams.set('state', 'forged'));

    expect(callback.status).toBe(403);
    expect(await callback.text()).toContain('Sign-in failed. Please try again.');
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it('rejects an ID token whose nonce does not match the sign-in', async () => {
    const browser = new Browser(testApp.origin);
    const callback = await signIn(browser, ADMIN, async () => {
      await testApp.app.database.db
        .updateTable('auth_transactions')
        .set({ nonce: 'another-nonce' })
        .execute();
    });

    expect(callback.status).toBe(403);
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();
  });

  it('accepts each callback once', async () => {
    const browser = new Browser(testApp.origin);
    let replay = '';
    await signIn(browser, ADMIN, (url) => {
      replay = url.href;
    });
    const again = await new Browser(testApp.origin).request(replay);
    expect(again.status).toBe(403);
    expect(await again.text()).toContain('This sign-in has expired. Please try again.');
  });

  it('signs out: the session is revoked and the cookie cleared', async () => {
    const browser = new Browser(testApp.origin);
    await signIn(browser, ADMIN);
    const token = browser.cookie(SESSION_COOKIE)!;

    const logout = await browser.request('/api/auth/logout', {
      method: 'POST',
      headers: { origin: testApp.origin },
    });
    expect(logout.status).toBe(204);
    expect(browser.cookie(SESSION_COOKIE)).toBeUndefined();

    const reused = await fetch(`${testApp.origin}/api/auth/session`, {
      headers: { cookie: `${SESSION_COOKIE}=${token}` },
    });
    expect(reused.status).toBe(401);
  });
});

describe.each(await testDatabaseKinds())('the embedded provider on $name', (kind) => {
  let testApp: TestApp & { origin: string };
  beforeAll(async () => {
    testApp = await startListeningApp(kind, { adminEmails: new Set([ADMIN]) });
  });
  afterAll(() => testApp.close());

  // PostgreSQL refuses NUL in text; a lookup with one used to fail as a server error.
  it.each([
    '/oidc/auth?response_type=code&client_id=%00',
    '/oidc/auth?response_type=code&client_id=reelscore-web&redirect_uri=%00',
  ])('answers %s with a 400, not a server error', async (path) => {
    const response = await fetch(`${testApp.origin}${path}`, { redirect: 'manual' });
    expect(response.status).toBe(400);
  });
});
