import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test/databases.ts';
import { startTestApp, type TestApp } from '../test/test-app.ts';
import { SWAGGER_LOGO_STYLE } from './api-docs.ts';

const [sqlite] = await testDatabaseKinds();

function directives(policy: string): Map<string, string> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]) => [name, sources.join(' ')]),
  );
}

describe('the API docs page policy', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(sqlite!);
  });
  afterAll(() => testApp.close());

  it('allows no inline style but the one Swagger UI writes, by its hash', async () => {
    const page = await testApp.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    const policy = directives(String(page.headers['content-security-policy']));
    const hash = createHash('sha256').update(SWAGGER_LOGO_STYLE).digest('base64');
    expect(policy.get('style-src')).toBe(`'self' 'sha256-${hash}'`);
    expect(policy.has('style-src-attr')).toBe(false);
    expect(policy.get('script-src')).toBe("'self'");
    expect(policy.get('script-src-attr')).toBe("'none'");
    expect(String(page.headers['content-security-policy'])).not.toContain('unsafe-inline');
    // The page itself has no inline style or script: both come as files.
    expect(page.body).not.toMatch(/<style|<script>|style="/);
  });

  it("names the style of Swagger UI's own code, so an upgrade that changes it fails here", async () => {
    const preset = await testApp.app.inject({
      method: 'GET',
      url: '/api/docs/static/swagger-ui-standalone-preset.js',
    });
    expect(preset.statusCode).toBe(200);
    expect(preset.body).toContain(SWAGGER_LOGO_STYLE);
  });
});
