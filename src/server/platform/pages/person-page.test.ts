import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERSON_PAGE_PATH, PERSON_PAGE_SLOTS } from '../../../contract/person-page.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { renderPersonPage } from './person-page.ts';

const [sqlite] = await testDatabaseKinds();
const hashOf = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** A web build's page for people, as the site prerenders it: the site's head, its page script. */
const PAGE_SCRIPT = 'document.documentElement.dataset.page = "1"';
const SHELL =
  `<!DOCTYPE html><html lang="en"><head><title>${PERSON_PAGE_SLOTS.documentTitle}</title>` +
  `<meta property="og:title" content="${PERSON_PAGE_SLOTS.documentTitle}">` +
  `<link rel="stylesheet" href="/assets/site.css"></head><body><header>site header</header>` +
  `<main><h1>${PERSON_PAGE_SLOTS.title}</h1><div>${PERSON_PAGE_SLOTS.body}</div></main>` +
  `<footer>site footer</footer><script>${PAGE_SCRIPT}</script></body></html>`;

describe('pages for people in a service with a web build', () => {
  let webRoot: string;
  let testApp: TestApp;
  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'reelscore-person-page-'));
    mkdirSync(join(webRoot, PERSON_PAGE_PATH), { recursive: true });
    writeFileSync(join(webRoot, PERSON_PAGE_PATH, 'index.html'), SHELL);
    testApp = await startTestApp(sqlite!, { webRoot });
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('are the site page with the title, heading and text filled in', async () => {
    const response = await testApp.app.inject({ url: '/api/signup/confirm?token=forged' });
    expect(response.statusCode).toBe(400);
    const html = response.body;
    expect(html).toContain('<header>site header</header>');
    expect(html).toContain('<footer>site footer</footer>');
    expect(html).toContain('<title>This confirmation link is not valid · ReelScore</title>');
    expect(html).toContain('<h1>This confirmation link is not valid</h1>');
    expect(html).toContain('Go to the ReelScore home page');
    expect(html).not.toContain('__PERSON_PAGE_');
    // The site's policy: its stylesheet and its own page script, nothing inline else.
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("style-src 'self'");
    expect(policy).toContain(hashOf(PAGE_SCRIPT));
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('escape what they are given and add a page script of their own, allowed by its hash', () => {
    const shell = testApp.app.personPageShell!;
    const script = 'window.opener?.postMessage("done", "*")';
    const { html, policy } = renderPersonPage(
      { title: 'A <b>title</b> with $& and $1', body: '<p>Text</p>', script },
      shell,
    );
    // Escaped, and `$&` or `$1` go in as they are (no replacement patterns).
    expect(html).toContain('<h1>A &#60;b&#62;title&#60;/b&#62; with $&#38; and $1</h1>');
    expect(html).toContain(`<script>${script}</script></body>`);
    expect(policy).toContain(hashOf(script));
    expect(policy).toContain(hashOf(PAGE_SCRIPT));
  });

  it('are never served at their own address', async () => {
    const response = await testApp.app.inject({ url: PERSON_PAGE_PATH });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/');
  });
});
