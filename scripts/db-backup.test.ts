import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServiceProcess, type ServiceProcess } from '../src/server/test/service-process.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const BACKUP = join(ROOT, 'scripts/db-backup.ts');
const WORKERS = 12;
/** Load before the backup starts and after it ends: long enough for a few thousand signups. */
const LOAD_MS = 1500;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function runBackup(sqlitePath: string, file: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BACKUP, file],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', SQLITE_PATH: sqlitePath } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Signups from several clients at once until stopped; the addresses the service acknowledged. */
function signupLoad(origin: string) {
  const acknowledged: string[] = [];
  let stopped = false;
  let sent = 0;
  const worker = async (id: number) => {
    while (!stopped) {
      const email = `load${id}.${sent++}@example.com`;
      const response = await fetch(`${origin}/api/utility/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, signupType: 'general' }),
      });
      await response.arrayBuffer();
      if (response.status === 200) acknowledged.push(email);
    }
  };
  const running = Promise.all(Array.from({ length: WORKERS }, (_, id) => worker(id)));
  // A failed request fails the test at stop(), not as an unhandled rejection before it.
  running.catch(() => undefined);
  return {
    acknowledged,
    async stop() {
      stopped = true;
      await running;
    },
  };
}

describe('npm run db:backup', () => {
  let dir: string;
  let service: ServiceProcess | undefined;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'reelscore-backup-'));
  });

  afterEach(async () => {
    await service?.stop();
    service = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it('backs up a serving database with every signup acknowledged before it began', async () => {
    const sqlitePath = join(dir, 'live.db');
    service = await startServiceProcess({
      NODE_ENV: 'test',
      SQLITE_PATH: sqlitePath,
      WEB_ROOT: dir,
      SIGNUP_RATE_LIMIT_MAX: '1000000',
      SIGNUP_CONFIRMATION: 'false',
    });
    const load = signupLoad(service.origin);
    await sleep(LOAD_MS);

    const acknowledgedBefore = [...load.acknowledged];
    const file = join(dir, 'backup.db');
    const backup = await runBackup(sqlitePath, file);
    const acknowledgedDuring = load.acknowledged.length - acknowledgedBefore.length;
    await sleep(LOAD_MS);
    await load.stop();

    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(
      /^Backed up .+ to .+: \d+ pages, [\d.]+ MB in [\d.]+ s; integrity check: ok\.\n$/,
    );
    expect(acknowledgedBefore.length).toBeGreaterThan(0);
    // The service kept answering while the backup ran.
    expect(acknowledgedDuring).toBeGreaterThan(0);
    console.log(
      `backup under load: ${acknowledgedBefore.length} signups acknowledged before it, ` +
        `${acknowledgedDuring} while it ran, ${load.acknowledged.length} in all; ${backup.stdout.trim()}`,
    );

    const copy = new SQLite(file, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      const kept = new Set(copy.prepare('select email from signups').pluck().all());
      expect(acknowledgedBefore.filter((email) => !kept.has(email))).toEqual([]);
    } finally {
      copy.close();
    }
  }, 60_000);

  it('refuses to overwrite an existing file', async () => {
    const sqlitePath = join(dir, 'live.db');
    new SQLite(sqlitePath).close();
    const file = join(dir, 'precious.db');
    writeFileSync(file, 'an older backup');

    const backup = await runBackup(sqlitePath, file);
    expect(backup.code).toBe(1);
    expect(backup.stderr).toBe(`db:backup refused: ${file} exists; choose a new file name\n`);
    expect(readFileSync(file, 'utf8')).toBe('an older backup');
  });
});
