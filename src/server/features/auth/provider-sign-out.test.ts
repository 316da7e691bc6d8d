import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test/databases.ts';
import { Browser, startListeningApp } from '../../test/listening-app.ts';
import { expectPersonPage } from '../../test/person-pages.ts';
import type { TestApp } from '../../test/test-app.ts';

const [sqlite] = await testDatabaseKinds();
const API_POLICY = "default-src 'none'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'";

function directive(policy: string | null, name: string): string | undefined {
  return (policy ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));
}

async function asAnswer(response: Response) {
  return {
    statusCode: response.status,
    headers: Object.fromEntries(response.headers),
    body: await response.text(),
  };
}

/** The admin sign-in through the embedded provider, which leaves a provider session. */
async function signIn(browser: Browser) {
  const { url: loginPage } = await browser.follow('/api/auth/login', (next) =>
    next.pathname.startsWith('/api/auth/local-login/'),
  );
  const submitted = await browser.request(loginPage.href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: 'curator@example.com' }).toString(),
  });
  await browser.follow(submitted.headers.get('location') ?? '');
}

/** Posts the page's one form as a browser would. */
function submit(browser: Browser, html: string, extra: Record<string, string> = {}) {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1] ?? '';
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((match) => [
      match[1]!,
      match[2]!,
    ]),
  );
  return browser.request(action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, ...extra }).toString(),
  });
}

describe("the embedded provider's sign-out pages", () => {
  let testApp: TestApp & { origin: string };
  beforeAll(async () => {
    testApp = await startListeningApp(sqlite!, { adminEmails: new Set(['curator@example.com']) });
  });
  afterAll(() => testApp.close());

  it('allow the inline script that submits the sign-out, and nothing else', async () => {
    const browser = new Browser(testApp.origin);
    const page = await browser.request('/oidc/session/end');
    expect(page.status).toBe(200);
    const policy = page.headers.get('content-security-policy');
    const html = await page.text();
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toContain('document.forms[0].submit()');
    const hash = createHash('sha256').update(scripts[0]!).digest('base64');
    expect(directive(policy, 'script-src')).toBe(`script-src 'sha256-${hash}'`);
    expect(directive(policy, 'default-src')).toBe("default-src 'none'");
    expect(directive(policy, 'form-action')).toBe("form-action 'self'");
    expect(directive(policy, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(page.headers.get('cross-origin-opener-policy')).toBeNull();

    // What the script does: post the form; the provider confirms with a page of ours.
    const confirmed = await submit(browser, html);
    expect(confirmed.status).toBe(303);
    const done = await browser.request(confirmed.headers.get('location')!);
    expect(expectPersonPage(await asAnswer(done), 200, testApp.origin)).toContain(
      'You are signed out of the local sign-in service.',
    );
  });

  it('ask a signed-in person first, on a page in the site style', async () => {
    const browser = new Browser(testApp.origin);
    await signIn(browser);
    const answer = await asAnswer(await browser.request('/oidc/session/end'));
    expect(expectPersonPage(answer, 200, testApp.origin)).toContain(
      'Sign out of the local sign-in service? Yes, sign me out No, stay signed in',
    );
    const confirmed = await submit(browser, answer.body, { logout: 'yes' });
    expect(confirmed.status).toBe(303);
    const done = await browser.request(confirmed.headers.get('location')!);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You are signed out of the local sign-in service.');
  });

  it("leave every other answer under /oidc with the API's policy", async () => {
    for (const path of [
      '/oidc/.well-known/openid-configuration',
      '/oidc/jwks',
      '/oidc/auth?client_id=nobody',
      '/oidc/nothing',
    ]) {
      const answer = await fetch(`${testApp.origin}${path}`, { redirect: 'manual' });
      expect(answer.headers.get('content-security-policy'), path).toBe(API_POLICY);
    }
  });
});
