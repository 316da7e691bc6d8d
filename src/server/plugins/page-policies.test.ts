import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../test/test-config.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { startTestApp } from '../test/test-app.ts';
import { buildHasAnalytics, pagePolicies, SITE_BUILD_FILE } from './page-policies.ts';

const [sqlite] = await testDatabaseKinds();
const GOOGLE = /google/;
const roots: string[] = [];

/** A two-page build; `settings` is what the site build wrote about itself, if anything. */
function build(settings?: string): string {
  const root = mkdtempSync(join(tmpdir(), 'reelscore-policies-'));
  roots.push(root);
  mkdirSync(join(root, '404'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Home</title>');
  writeFileSync(join(root, '404', 'index.html'), '<!doctype html><title>Not found</title>');
  writeFileSync(join(root, '__spa-fallback.html'), '<!doctype html><title>App</title>');
  if (settings !== undefined) writeFileSync(join(root, SITE_BUILD_FILE), settings);
  return root;
}

function directive(policy: string | undefined, name: string): string {
  return (policy ?? '').split(';').find((part) => part.trim().startsWith(`${name} `)) ?? '';
}

afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

describe('page policies follow the analytics setting of the build', () => {
  it("allow Google's script and beacon hosts on every page of a build with analytics on", () => {
    const policies = pagePolicies(testConfig(), build('{"analytics":true}\n'));
    expect([...policies.keys()].sort()).toEqual([
      '/404/index.html',
      '/__spa-fallback.html',
      '/index.html',
    ]);
    for (const policy of policies.values()) {
      expect(directive(policy, 'script-src')).toContain('https://www.googletagmanager.com');
      expect(directive(policy, 'connect-src')).toContain('https://*.google-analytics.com');
      expect(directive(policy, 'img-src')).toContain('https://*.google-analytics.com');
    }
  });

  it('allow nothing of Google when the build has analytics off, says nothing, or is unreadable', () => {
    for (const settings of [
      '{"analytics":false}',
      undefined,
      '',
      'not json',
      '{"analytics":"true"}',
    ]) {
      const root = build(settings);
      expect(buildHasAnalytics(root), String(settings)).toBe(false);
      for (const policy of pagePolicies(testConfig(), root).values()) {
        expect(policy, String(settings)).not.toMatch(GOOGLE);
        expect(directive(policy, 'script-src')).toBe("script-src 'self'");
        expect(directive(policy, 'connect-src')).toBe("connect-src 'self'");
      }
    }
  });

  it('reach the pages the server sends, with analytics on and off', async () => {
    for (const analytics of [true, false]) {
      const testApp = await startTestApp(sqlite!, {
        webRoot: build(JSON.stringify({ analytics })),
      });
      try {
        for (const url of ['/', '/admin', '/no/such/page']) {
          const answer = await testApp.app.inject({ method: 'GET', url });
          const policy = String(answer.headers['content-security-policy']);
          expect(GOOGLE.test(policy), `${url} with analytics ${analytics}`).toBe(analytics);
        }
        // JSON answers never allow any of it.
        const api = await testApp.app.inject({ method: 'GET', url: '/api/health' });
        expect(String(api.headers['content-security-policy'])).not.toMatch(GOOGLE);
      } finally {
        await testApp.close();
      }
    }
  });
});
