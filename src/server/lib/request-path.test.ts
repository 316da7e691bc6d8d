import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders } from '../test/admin-session.ts';
import { testDatabaseKinds } from '../test/databases.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { normalisePath, redactTarget } from './request-path.ts';

describe('the request target an access log keeps', () => {
  it('redacts every query value but paging and sorting, and masks addresses in the path', () => {
    expect(redactTarget('/api/unsubscribe?address=fan%40example.com&token=s3cr3t')).toBe(
      '/api/unsubscribe?address=[redacted]&token=[redacted]',
    );
    expect(redactTarget('/api/auth/callback?code=abc&state=xyz&iss=https%3A%2F%2Fx')).toBe(
      '/api/auth/callback?code=[redacted]&state=[redacted]&iss=[redacted]',
    );
    expect(redactTarget('/api/admin/signups?search=jane&limit=10&offset=20')).toBe(
      '/api/admin/signups?search=[redacted]&limit=10&offset=20',
    );
    expect(redactTarget('/people/jane.doe@example.com/x')).toBe('/people/j***@example.com/x');
    expect(redactTarget('/people/jane.doe%40example.com')).toBe('/people/j***@example.com');
    expect(redactTarget('/people/jane%zz@example.com')).toBe('/people/j***@example.com');
    expect(redactTarget('/people/%6Aane')).toBe('/people/jane');
    expect(redactTarget('/plain')).toBe('/plain');
  });
});

describe('normalised paths, for answers no route gave', () => {
  it('sees through the disguises a router or proxy accepts', () => {
    for (const target of [
      '/api/admin/x',
      'HTTP://host/api/admin/x',
      '/%61pi/admin/x',
      '/%2561pi/admin/x',
      '//api//admin/x/',
      '/API/Admin/x',
      '/api;a=b/admin/x',
      '/x/../api/./admin/x',
      '/api%2Fadmin%2Fx',
      '/api\\admin\\x',
      '/api%c0%afadmin/x',
      '/api/admin/x?y=1#z',
    ]) {
      expect(normalisePath(target), target).toBe('/api/admin/x');
    }
  });
});

const [sqlite] = await testDatabaseKinds();

describe('access log lines of the whole app', () => {
  let testApp: TestApp;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    testApp = await startTestApp(sqlite!, {
      logLevel: 'info',
      logDestination: {
        write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>),
      },
    });
  });
  afterAll(() => testApp.close());

  it('keep no token, OAuth code or state, search term or address', async () => {
    const { headers } = await adminHeaders(testApp.app, 'admin@reelscore.local');
    const secrets = [
      's3cr3t-token',
      'oauth-code-123',
      'state-456',
      'jane-search',
      'fan@example.com',
    ];
    await testApp.app.inject(`/api/unsubscribe?address=fan%40example.com&token=s3cr3t-token`);
    await testApp.app.inject('/api/auth/callback?code=oauth-code-123&state=state-456');
    await testApp.app.inject({ url: '/api/admin/signups?search=jane-search&limit=5', headers });
    const accessLines = lines.filter((line) => line.msg === 'request completed');
    expect(accessLines.length).toBeGreaterThanOrEqual(3);
    const text = JSON.stringify(lines);
    for (const secret of secrets) expect(text, secret).not.toContain(secret);
    expect(accessLines.map((line) => line.route)).toEqual(
      expect.arrayContaining(['/api/unsubscribe', '/api/auth/callback', '/api/admin/signups']),
    );
  });
});
