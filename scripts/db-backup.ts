import { closeSync, openSync, rmSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { envSchema } from '../src/server/config.ts';

/**
 * `npm run db:backup -- FILE`: a consistent copy of the SQLite database at SQLITE_PATH, taken
 * while the service keeps serving. SQLite's backup API reads the pages inside a read
 * transaction, so the copy is one moment of the database, write-ahead log included; copying
 * the file could catch a half-written page or miss the log.
 */

/** All pages in one step: a step that another connection's write interrupts starts over. */
const ALL_PAGES = 0x7fffffff;

class Refusal extends Error {}

function readSqlitePath(): string {
  const present = Object.fromEntries(
    Object.entries(process.env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.pick({ SQLITE_PATH: true }).safeParse(present);
  if (!result.success) throw new Refusal(`invalid SQLITE_PATH: ${result.error.issues[0]?.message}`);
  return result.data.SQLITE_PATH;
}

/** Creates the file exclusively, so an existing backup is never overwritten, even in a race. */
function claim(file: string): void {
  try {
    closeSync(openSync(file, 'wx'));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new Refusal(`${file} exists; choose a new file name`);
    throw new Refusal(`cannot create ${file} (${code})`);
  }
}

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file || process.argv.length > 3) throw new Refusal('usage: npm run db:backup -- FILE');
  const sqlitePath = readSqlitePath();
  let source: SQLite.Database;
  try {
    source = new SQLite(sqlitePath, { fileMustExist: true });
  } catch {
    throw new Refusal(`no SQLite database at ${sqlitePath}`);
  }
  const target = resolve(file);
  try {
    source.pragma('busy_timeout = 5000');
    claim(target);
    const started = performance.now();
    try {
      const { totalPages } = await source.backup(target, { progress: () => ALL_PAGES });
      const seconds = (performance.now() - started) / 1000;
      const check = verify(target);
      const megabytes = statSync(target).size / 1024 / 1024;
      console.log(
        `Backed up ${sqlitePath} to ${target}: ${totalPages} pages, ${megabytes.toFixed(1)} MB ` +
          `in ${seconds.toFixed(2)} s; integrity check: ${check}.`,
      );
    } catch (error) {
      rmSync(target, { force: true });
      throw error;
    }
  } finally {
    source.close();
  }
}

/**
 * A backup is only worth keeping if it opens and reads whole. It leaves WAL mode so that it is
 * one self-contained file, with no -wal or -shm beside it; the service turns WAL on when it opens.
 */
function verify(file: string): string {
  const backup = new SQLite(file, { fileMustExist: true });
  try {
    backup.pragma('journal_mode = DELETE');
    const result = String(backup.pragma('integrity_check', { simple: true }));
    if (result !== 'ok') throw new Error(`the backup fails its integrity check: ${result}`);
    return result;
  } finally {
    backup.close();
  }
}

try {
  await main();
} catch (error) {
  const message = (error instanceof Error ? error.message : String(error)).replace(
    /\s*\n\s*/g,
    ' ',
  );
  console.error(`db:backup ${error instanceof Refusal ? 'refused' : 'failed'}: ${message}`);
  process.exitCode = 1;
}
