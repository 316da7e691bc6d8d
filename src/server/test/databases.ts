import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';

export const POSTGRES_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A database that exists for one test suite and is removed afterwards. */
export interface TestDatabase {
  config: DatabaseConfig;
  drop(): Promise<void>;
}

export interface TestDatabaseKind {
  name: 'sqlite' | 'postgres';
  create(): Promise<TestDatabase>;
}

/** Whether a PostgreSQL server answers at `url` (within 2 s). */
export async function postgresReachable(url = POSTGRES_URL): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const sqlite: TestDatabaseKind = {
  name: 'sqlite',
  create() {
    const dir = mkdtempSync(join(tmpdir(), 'reelscore-test-'));
    return Promise.resolve({
      config: { kind: 'sqlite', path: join(dir, 'test.db') },
      drop: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
    });
  },
};

const postgres: TestDatabaseKind = {
  name: 'postgres',
  async create() {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: POSTGRES_URL });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    return {
      config: { kind: 'postgres', url: POSTGRES_URL, schema },
      async drop() {
        const client = new pg.Client({ connectionString: POSTGRES_URL });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
      },
    };
  },
};

/**
 * The databases every data test runs on: SQLite always, PostgreSQL when it answers. In CI
 * (CI=true) an unreachable PostgreSQL is an error, never a silent skip.
 */
export async function testDatabaseKinds(): Promise<TestDatabaseKind[]> {
  if (await postgresReachable()) return [sqlite, postgres];
  if (process.env.CI === 'true') {
    throw new Error(`PostgreSQL is required in CI but ${POSTGRES_URL} is unreachable`);
  }
  console.warn(`NOTICE: PostgreSQL at ${POSTGRES_URL} is unreachable; its tests are skipped.`);
  return [sqlite];
}
