import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from './test/databases.ts';
import { startTestApp, type TestApp } from './test/test-app.ts';

const [sqlite] = await testDatabaseKinds();
const REDOCLY = fileURLToPath(
  new URL('../../node_modules/@redocly/cli/bin/cli.js', import.meta.url),
);
/** The recommended rules, with the exceptions the file explains. */
const CONFIG = fileURLToPath(new URL('../../redocly.yaml', import.meta.url));

/** Warnings the document keeps on purpose, each with the reason. */
const ACCEPTED_WARNINGS = [
  // Health answers 200 or 503 whatever the request carries: it has no client error to document.
  'operation-4xx-response #/paths/~1api~1health/get/responses',
  // Sign-in succeeds with a 303 to the identity provider, never a 2XX.
  'operation-2xx-response #/paths/~1api~1auth~1login/get/responses',
];

interface Problem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

/** Runs `redocly lint` on `document`, offline: no telemetry, no update check. */
function lint(document: unknown): Promise<Problem[]> {
  const dir = mkdtempSync(join(tmpdir(), 'reelscore-openapi-'));
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(document, null, 2));
  const args = [REDOCLY, 'lint', file, `--config=${CONFIG}`, '--format=json', '--max-problems=500'];
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' };
  return new Promise((resolve, reject) => {
    // The CLI exits 1 when it finds errors; the JSON report on stdout says which.
    execFile(process.execPath, args, { env, maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
      rmSync(dir, { recursive: true, force: true });
      try {
        resolve((JSON.parse(stdout) as { problems: Problem[] }).problems);
      } catch {
        reject(error ?? new Error(`redocly printed no report: ${stdout.slice(0, 500)}`));
      }
    });
  });
}

function describeProblem(problem: Problem): string {
  return `${problem.ruleId} ${problem.location[0]?.pointer ?? ''}`;
}

describe('the OpenAPI document', () => {
  let testApp: TestApp;
  let problems: Problem[];

  beforeAll(async () => {
    // A production address, as the deployed document names it (the lint warns on localhost).
    // With real sign-in settings, as deployed: the embedded provider is loopback-only.
    testApp = await startTestApp(sqlite!, {
      publicUrl: 'https://reelscore.app',
      oidc: { issuer: 'https://accounts.google.com', clientId: 'web', clientSecret: 'secret' },
    });
    const response = await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    problems = await lint(response.json());
  }, 60_000);
  afterAll(() => testApp.close());

  it('passes the recommended Redocly rules with no error', () => {
    const errors = problems.filter((problem) => problem.severity === 'error');
    expect(errors.map((error) => `${describeProblem(error)}: ${error.message}`)).toEqual([]);
  });

  it('has no warning beyond the accepted ones', () => {
    const warnings = problems.filter((problem) => problem.severity !== 'error');
    expect(
      warnings.map(describeProblem).filter((warning) => !ACCEPTED_WARNINGS.includes(warning)),
    ).toEqual([]);
  });
});
