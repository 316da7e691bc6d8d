import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './test/listening-app.ts';

const MAIN = resolve(import.meta.dirname, 'main.ts');
const PROJECT = resolve(import.meta.dirname, '../..');
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * Runs the service as `npm start` does once the site is built, in an empty folder, with only the
 * given variables; or `npm start` itself, in the project.
 */
function startService(env: Record<string, string>, how: 'node' | 'npm start' = 'node') {
  const cwd = mkdtempSync(join(tmpdir(), 'reelscore-start-'));
  dirs.push(cwd);
  const child =
    how === 'node'
      ? spawn(process.execPath, [MAIN], {
          cwd,
          env: { PATH: process.env.PATH ?? '', ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        })
      : spawn('npm', ['start'], {
          cwd: PROJECT,
          env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? cwd, ...env },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  const listening = new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`service did not start:\n${output}`)), 20_000);
    child.stdout.on('data', () => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        done(match[1]);
      }
    });
    void exited.then(() => fail(new Error(`service exited:\n${output}`)));
  });
  listening.catch(() => undefined); // a test that expects an exit does not await `listening`
  return { child, cwd, listening, exited, output: () => output };
}

describe('the service process', () => {
  // Port 3000 itself (the default, config.test.ts) may be taken by a running `npm start`.
  it('starts with no other configuration than a port, and says the address to open', async () => {
    const port = await freePort();
    const service = startService({ PORT: String(port) });
    const origin = await service.listening;

    expect(origin).toBe(`http://127.0.0.1:${port}`);
    const response = await fetch(`${origin}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', checks: { database: 'ok' } });
    // The address sign-in works at (its cookies are per host), not the one the socket has.
    expect(service.output()).toContain(`ReelScore is running at http://localhost:${port}"`);
  });

  it('on SIGTERM finishes the request in flight, then exits 0', async () => {
    const service = startService({ PORT: '0', HOST: '127.0.0.1' });
    const origin = await service.listening;
    const answered = signUpSlowly(origin, 'inflight@example.com');
    await new Promise((done) => setTimeout(done, 100));
    service.child.kill('SIGTERM');

    expect(await answered).toBe(200);
    expect(await service.exited).toBe(0);
    expect(service.output()).toContain('shutdown complete');
    const database = new SQLite(join(service.cwd, 'data', 'reelscore.db'), { readonly: true });
    expect(
      database.prepare('select source from signups where email = ?').get('inflight@example.com'),
    ).toEqual({
      source: 'general',
    });
    database.close();
  });

  it('under `npm start`, SIGTERM to npm reaches the service: it drains, frees the port, exits 0', async () => {
    const port = await freePort();
    const data = mkdtempSync(join(tmpdir(), 'reelscore-npm-start-'));
    dirs.push(data);
    // WEB_ROOT of its own: npm start serves it as it is, without building the site.
    const service = startService(
      { PORT: String(port), HOST: '127.0.0.1', SQLITE_PATH: join(data, 'x.db'), WEB_ROOT: data },
      'npm start',
    );
    const origin = await service.listening;
    const answered = signUpSlowly(origin, 'npm-inflight@example.com');
    await new Promise((done) => setTimeout(done, 100));
    service.child.kill('SIGTERM');

    expect(await answered).toBe(200);
    expect(await service.exited).toBe(0);
    expect(service.output()).toContain('shutdown complete');
    await expect(fetch(`${origin}/api/health`)).rejects.toThrow();
  });

  it('refuses to start with bad settings and lists every one of them', async () => {
    const service = startService({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });

    expect(await service.exited).toBe(1);
    expect(service.output()).toContain('Invalid configuration');
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL'])
      expect(service.output()).toContain(name);
  });
});

/** A signup whose body arrives slowly, so that it is in flight when a signal comes. */
function signUpSlowly(origin: string, email: string): Promise<number> {
  const body = JSON.stringify({ email, signupType: 'general' });
  return new Promise<number>((done, fail) => {
    const req = request(
      `${origin}/api/utility/signup`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': body.length },
      },
      (res) => {
        res.resume();
        done(res.statusCode ?? 0);
      },
    );
    req.on('error', fail);
    req.write(body.slice(0, 10));
    setTimeout(() => req.end(body.slice(10)), 500);
  });
}
