import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const MAIN = resolve(import.meta.dirname, 'main.ts');
const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs the service with only `env`; resolves with its exit code and output once it exits. */
function run(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const cwd = mkdtempSync(join(tmpdir(), 'reelscore-refusal-'));
  dirs.push(cwd);
  const child = spawn(process.execPath, [MAIN], {
    cwd,
    env: { PATH: process.env.PATH ?? '', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // A service that starts instead of refusing would never exit on its own.
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  return new Promise((done) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      done({ code, output });
    }),
  );
}

describe('the service refuses unsafe settings at start, saying what to set', () => {
  it('HOST=0.0.0.0 without sign-in settings (the embedded provider would be public)', async () => {
    const { code, output } = await run({ HOST: '0.0.0.0' });
    expect(code).toBe(1);
    expect(output).toContain('Invalid configuration');
    expect(output).toContain('HOST: names 0.0.0.0');
    expect(output).toContain('OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET');
  }, 30_000);

  it('TRUST_PROXY=true (any client could choose its address)', async () => {
    const { code, output } = await run({ HOST: '127.0.0.1', TRUST_PROXY: 'true' });
    expect(code).toBe(1);
    expect(output).toContain('TRUST_PROXY: true trusts every X-Forwarded-For entry');
    expect(output).not.toContain('    at '); // a message, not a stack trace
  }, 30_000);
});
