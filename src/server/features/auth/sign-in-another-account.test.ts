import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test/databases.ts';
import { Browser, startListeningApp } from '../../test/listening-app.ts';
import { chooseLocalAccount } from '../../test/local-sign-in.ts';
import type { TestApp } from '../../test/test-app.ts';

const [sqlite] = await testDatabaseKinds();
const ADMIN = 'curator@example.com';
const EDITOR = 'editor@example.com';
const VISITOR = 'visitor@example.com';
const LOGIN_PAGE = '/api/auth/local-login/';
const CALLBACK = '/api/auth/callback';

/**
 * Starts a sign-in as the popup does and follows it to where it stops: the embedded provider's
 * sign-in page (it asks who signs in) or our callback (it signed in the account it knew).
 */
async function start(browser: Browser, path = '/api/auth/login') {
  const { url } = await browser.follow(
    path,
    (next) => next.pathname.startsWith(LOGIN_PAGE) || next.pathname === CALLBACK,
  );
  return url;
}

/** A whole sign-in through the provider's page; the answer of our callback. */
async function signIn(browser: Browser, email: string, path?: string) {
  const loginPage = await start(browser, path);
  expect(loginPage.pathname.startsWith(LOGIN_PAGE), loginPage.href).toBe(true);
  const { url: callback } = await chooseLocalAccount(browser, loginPage, email);
  return browser.request(callback.href);
}

async function sessionEmail(browser: Browser) {
  const session = await browser.request('/api/auth/session');
  return session.status === 200
    ? ((await session.json()) as { email: string }).email
    : session.status;
}

describe('signing in with another account (embedded provider)', () => {
  let testApp: TestApp & { origin: string };
  beforeAll(async () => {
    testApp = await startListeningApp(sqlite!, { adminEmails: new Set([ADMIN, EDITOR]) });
  });
  afterAll(() => testApp.close());

  it('signs a browser it knows in again without asking, unless another account is asked for', async () => {
    const browser = new Browser(testApp.origin);
    expect((await signIn(browser, ADMIN)).status).toBe(200);

    expect((await start(browser)).pathname).toBe(CALLBACK);
    const another = await start(browser, '/api/auth/login?prompt=select_account');
    expect(another.pathname.startsWith(LOGIN_PAGE), another.href).toBe(true);
  });

  it('leaves no provider session behind a refused account: the next start asks again', async () => {
    const browser = new Browser(testApp.origin);
    const refused = await signIn(browser, VISITOR);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(`account":"${VISITOR}"`);

    // Not even a start that asks for nothing signs the refused account in again.
    const next = await start(browser);
    expect(next.pathname.startsWith(LOGIN_PAGE), next.href).toBe(true);
    const { url: callback } = await chooseLocalAccount(browser, next, ADMIN);
    expect((await browser.request(callback.href)).status).toBe(200);
    expect(await sessionEmail(browser)).toBe(ADMIN);
  });

  it('ends the session of the account it knew when another is chosen, on a page whose script the policy allows', async () => {
    const browser = new Browser(testApp.origin);
    expect((await signIn(browser, ADMIN)).status).toBe(200);

    const loginPage = await start(browser, '/api/auth/login?prompt=select_account');
    const { url, response } = await chooseLocalAccount(browser, loginPage, EDITOR);
    // The provider first ends the session of the account it knew, with a form that posts itself.
    expect(url.pathname).toMatch(/^\/oidc\/auth\//);
    expect(response.status).toBe(200);
    const html = await response.text();
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(script).toContain('document.forms[0].submit()');
    const hash = createHash('sha256').update(script).digest('base64');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain(`script-src 'sha256-${hash}'`);
    expect(policy).toContain("form-action 'self'");
    expect(policy).toContain("frame-ancestors 'none'");

    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
    const fields = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((match) => [
        match[1]!,
        match[2]!,
      ]),
    );
    const posted = await browser.request(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    const { url: callback } = await browser.follow(
      posted.headers.get('location') ?? '',
      (next) => next.pathname === CALLBACK,
    );
    expect(callback.pathname).toBe(CALLBACK);
    expect((await browser.request(callback.href)).status).toBe(200);
    expect(await sessionEmail(browser)).toBe(EDITOR);
    // The provider now knows the editor, and signs the browser in as the editor unasked.
    expect((await start(browser)).pathname).toBe(CALLBACK);
  });

  it('refuses a start that asks for anything else, as a page for the popup or JSON for a script', async () => {
    for (const query of ['prompt=login', 'prompt=', 'prompt=select_account&prompt=login']) {
      const page = await fetch(`${testApp.origin}/api/auth/login?${query}`, {
        headers: { accept: 'text/html' },
        redirect: 'manual',
      });
      expect(page.status, query).toBe(400);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await page.text()).toContain('This sign-in address is not valid. Please try again.');

      const json = await fetch(`${testApp.origin}/api/auth/login?${query}`, {
        headers: { accept: 'application/json' },
        redirect: 'manual',
      });
      expect(json.status, query).toBe(400);
      expect(await json.json()).toEqual({ message: 'prompt must be select_account' });
    }
    // Nothing was started: no sign-in transaction is stored.
    const transactions = () =>
      testApp.app.database.db.selectFrom('auth_transactions').selectAll().execute();
    const before = (await transactions()).length;
    await fetch(`${testApp.origin}/api/auth/login?prompt=login`, { redirect: 'manual' });
    expect((await transactions()).length).toBe(before);
    await fetch(`${testApp.origin}/api/auth/login?prompt=select_account`, { redirect: 'manual' });
    expect((await transactions()).length).toBe(before + 1);
  });
});
