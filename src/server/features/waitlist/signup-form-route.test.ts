import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_EMAIL_MESSAGE } from '../../../contract/email-rules.ts';
import { SIGNUP_PROBLEM_SLOTS } from '../../../contract/signup-form-post.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { DOLLAR_PATTERNS } from '../../test/dollar-patterns.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { DISPOSABLE_EMAIL_MESSAGE } from '../../platform/addresses/disposable-domains.ts';
import { escapeHtml, fillProblemPage } from './signup-form-route.ts';
import { countSignups, findSignupByEmail } from './signup-repository.ts';

const kinds = await testDatabaseKinds();

/** A web root with only the problem page, as the site build writes it (slots included). */
function webRootWithProblemPage(): string {
  const root = mkdtempSync(join(tmpdir(), 'reelscore-form-'));
  mkdirSync(join(root, 'signup', 'problem'), { recursive: true });
  writeFileSync(
    join(root, 'signup', 'problem', 'index.html'),
    `<!doctype html><html><head><title>t</title></head><body><form method="post" action="/signup">` +
      `<input type="hidden" name="signupType" value="${SIGNUP_PROBLEM_SLOTS.signupType}">` +
      `<input name="email" value="${SIGNUP_PROBLEM_SLOTS.email}">` +
      `<p data-testid="signup-error">${SIGNUP_PROBLEM_SLOTS.message}</p></form></body></html>`,
  );
  return root;
}

function postForm(testApp: TestApp, fields: Record<string, string>, url = '/signup') {
  return testApp.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}

describe('the problem page', () => {
  it('escapes what the visitor typed', () => {
    expect(escapeHtml(`"><script>alert('x')</script>&`)).toBe(
      '&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;',
    );
    const page = fillProblemPage(
      `<input value="${SIGNUP_PROBLEM_SLOTS.email}"><p>${SIGNUP_PROBLEM_SLOTS.message}</p>`,
      { message: 'Bad <b>', email: '"><img src=x>', signupType: 'general' },
    );
    expect(page).toBe('<input value="&quot;&gt;&lt;img src=x&gt;"><p>Bad &lt;b&gt;</p>');
  });

  it('fills in every value as it is: $ patterns and slot names stay text', () => {
    const template = `<p>${SIGNUP_PROBLEM_SLOTS.message}</p><input value="${SIGNUP_PROBLEM_SLOTS.email}">`;
    for (const pattern of DOLLAR_PATTERNS) {
      const message = `m${pattern}${SIGNUP_PROBLEM_SLOTS.email}`;
      const email = `e${pattern}${SIGNUP_PROBLEM_SLOTS.message}`;
      expect(fillProblemPage(template, { message, email, signupType: 'general' }), pattern).toBe(
        `<p>${escapeHtml(message)}</p><input value="${escapeHtml(email)}">`,
      );
    }
  });
});

describe.each(kinds)('POST /signup (form, no JavaScript) on $name', (kind) => {
  let testApp: TestApp;
  let webRoot: string;
  const db = () => testApp.app.database.db;

  beforeAll(async () => {
    webRoot = webRootWithProblemPage();
    testApp = await startTestApp(kind, {
      webRoot,
      signupRateLimit: { max: 10_000, windowMs: 60_000 },
    });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('records the address and redirects to the thank-you page', async () => {
    const response = await postForm(testApp, {
      email: '  Form.Viewer@Example.COM ',
      signupType: 'hero-top',
      website: '',
    });

    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/signup/thanks');
    expect(await findSignupByEmail(db(), 'form.viewer@example.com')).toMatchObject({
      source: 'hero-top',
      signup_count: 1,
    });
  });

  it('answers a known address exactly like a new one and keeps one row', async () => {
    const first = await postForm(testApp, { email: 'again@example.com', signupType: 'general' });
    const again = await postForm(testApp, { email: 'AGAIN@example.com', signupType: 'general' });

    expect(again.statusCode).toBe(first.statusCode);
    expect(again.headers.location).toBe(first.headers.location);
    expect(again.body).toBe(first.body);
    const rows = await db()
      .selectFrom('signups')
      .selectAll()
      .where('email', '=', 'again@example.com')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('shows the form again with the spec message and the address typed, storing nothing', async () => {
    const before = await countSignups(db());
    const response = await postForm(testApp, {
      email: 'viewer"<b>@example',
      signupType: 'get-app-bottom',
    });

    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain(`<p data-testid="signup-error">${INVALID_EMAIL_MESSAGE}</p>`);
    expect(response.body).toContain('value="viewer&quot;&lt;b&gt;@example"');
    expect(response.body).toContain('name="signupType" value="get-app-bottom"');
    expect(response.body).not.toContain('__SIGNUP_PROBLEM');
    expect(await countSignups(db())).toBe(before);
  });

  it('shows an address with any $ pattern exactly as typed, the page once', async () => {
    const template = readFileSync(join(webRoot, 'signup', 'problem', 'index.html'), 'utf8');
    const expected = (email: string) =>
      template
        .split(SIGNUP_PROBLEM_SLOTS.message)
        .join(INVALID_EMAIL_MESSAGE)
        .split(SIGNUP_PROBLEM_SLOTS.signupType)
        .join('hero-top')
        .split(SIGNUP_PROBLEM_SLOTS.email)
        .join(escapeHtml(email));
    for (const pattern of DOLLAR_PATTERNS) {
      for (const email of [
        `AAA${pattern}BBB`,
        `viewer${pattern}@example`,
        pattern,
        `${pattern}${SIGNUP_PROBLEM_SLOTS.signupType}`,
      ]) {
        const response = await postForm(testApp, { email, signupType: 'hero-top' });
        expect(response.statusCode, email).toBe(400);
        expect(response.body, email).toBe(expected(email));
      }
    }
  });

  it('refuses an empty address with the spec message', async () => {
    const response = await postForm(testApp, { email: '', signupType: 'general' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(INVALID_EMAIL_MESSAGE);
  });

  it('refuses a disposable-mail domain with its message, storing nothing', async () => {
    const before = await countSignups(db());
    const response = await postForm(testApp, {
      email: 'someone@mailinator.com',
      signupType: 'general',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(escapeHtml(DISPOSABLE_EMAIL_MESSAGE));
    expect(await countSignups(db())).toBe(before);
  });

  it('refuses an unknown form type and refills the general form', async () => {
    const response = await postForm(testApp, { email: 'type@example.com', signupType: 'footer' });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Unknown signup form');
    expect(response.body).toContain('name="signupType" value="general"');
    expect(await findSignupByEmail(db(), 'type@example.com')).toBeUndefined();
  });

  it('drops a filled honeypot silently: the same redirect, no row', async () => {
    const response = await postForm(testApp, {
      email: 'bot@example.com',
      signupType: 'general',
      website: 'https://spam.example',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/signup/thanks');
    expect(await findSignupByEmail(db(), 'bot@example.com')).toBeUndefined();
  });

  it('sends the problem page away from its own address', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/signup/problem' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/signup');
  });

  it('answers a JSON body with a 415 page, storing nothing', async () => {
    const before = await countSignups(db());
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/signup',
      payload: { email: 'json@example.com', signupType: 'general' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(await countSignups(db())).toBe(before);
  });
});

describe.each(kinds)('POST /signup under the rate limit, on $name', (kind) => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await startTestApp(kind, { signupRateLimit: { max: 2, windowMs: 60_000 } });
  });
  afterAll(() => testApp.close());

  it('answers the third signup in the window with a 429 page', async () => {
    const post = (email: string) => postForm(testApp, { email, signupType: 'general' }, '/signup');
    expect((await post('one@example.com')).statusCode).toBe(303);
    expect((await post('two@example.com')).statusCode).toBe(303);
    const limited = await post('three@example.com');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(limited.body).toContain('Too many attempts');
    expect(await findSignupByEmail(testApp.app.database.db, 'three@example.com')).toBeUndefined();
  });
});
