import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseConfig } from '../../src/server/config.ts';
import { postgresReachable as reachable } from '../../src/server/test/databases.ts';
import { createFreshPostgresDatabase } from '../../src/server/test/postgres-database.ts';

export const POSTGRES_URL =
  process.env.CRASH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';

export type DatabaseKind = 'sqlite' | 'postgres';

/** A database that exists for one run only, with the variables that point the service at it. */
export interface CrashDatabase {
  kind: DatabaseKind;
  config: DatabaseConfig;
  env: Record<string, string>;
  /** A directory of the run's own, for files the service may want (none are written). */
  dir: string;
  drop(): Promise<void>;
}

export function postgresReachable(): Promise<boolean> {
  return reachable(POSTGRES_URL);
}

/** A fresh SQLite file in a temporary directory. */
export function createSqlite(): Promise<CrashDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'reelscore-crash-'));
  const path = join(dir, 'crash.db');
  return Promise.resolve({
    kind: 'sqlite',
    config: { kind: 'sqlite', path },
    env: { SQLITE_PATH: path },
    dir,
    drop: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
  });
}

/**
 * A fresh PostgreSQL database. The service reads only DATABASE_URL (no schema setting), so the
 * run gets a database of its own rather than a schema; it is dropped, connections and all.
 */
export async function createPostgres(): Promise<CrashDatabase> {
  const database = await createFreshPostgresDatabase({
    serverUrl: POSTGRES_URL,
    prefix: 'reelscore_crash',
  });
  const dir = mkdtempSync(join(tmpdir(), 'reelscore-crash-'));
  return {
    kind: 'postgres',
    config: { kind: 'postgres', url: database.url },
    env: { DATABASE_URL: database.url },
    dir,
    async drop() {
      rmSync(dir, { recursive: true, force: true });
      await database.drop();
    },
  };
}
