import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from '../src/server/config.ts';

/** The databases a benchmark measures on, created for the run and removed after it. */
export const POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresQuery(text: string) {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query(text);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function withTempSqlite<T>(use: (database: DatabaseConfig) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'reelscore-bench-'));
  try {
    return await use({ kind: 'sqlite', path: join(dir, 'bench.db') });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs `use` on a fresh PostgreSQL schema. Unreachable PostgreSQL: a notice and `skipped`
 * outside CI; an error in CI (CI=true).
 */
export async function withTempPostgres<T>(
  use: (database: DatabaseConfig) => Promise<T>,
  skipped: T,
): Promise<T> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  try {
    await postgresQuery(`create schema ${schema}`);
  } catch (error) {
    if (process.env.CI === 'true') {
      throw new Error(`PostgreSQL is required in CI but ${POSTGRES_URL} is unreachable`, {
        cause: error,
      });
    }
    console.warn(`NOTICE: PostgreSQL at ${POSTGRES_URL} is unreachable; its rows are skipped.`);
    return skipped;
  }
  try {
    return await use({ kind: 'postgres', url: POSTGRES_URL, schema });
  } finally {
    await postgresQuery(`drop schema if exists ${schema} cascade`);
  }
}
