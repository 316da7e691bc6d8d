import { randomBytes } from 'node:crypto';
import { postgresReachable } from '../../src/server/test/databases.ts';
import { queryOnce } from '../../src/server/test/postgres-database.ts';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function run(sql: string) {
  return queryOnce(ADMIN_URL, sql);
}

export async function postgresAvailable(): Promise<boolean> {
  if (await postgresReachable(ADMIN_URL)) return true;
  if (process.env.CI === 'true') throw new Error(`PostgreSQL is required in CI: ${ADMIN_URL}`);
  console.warn(`NOTICE: PostgreSQL at ${ADMIN_URL} is unreachable; its browser tests are skipped.`);
  return false;
}

/**
 * A database of its own that a test can cut off while a server uses it, as an outage would:
 * new connections are refused and open ones are terminated.
 */
export async function createOutageDatabase() {
  const name = `reelscore_e2e_${randomBytes(5).toString('hex')}`;
  await run(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async cutOff() {
      await run(`alter database ${name} with allow_connections false`);
      await run(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);
    },
    async restore() {
      await run(`alter database ${name} with allow_connections true`);
    },
    async drop() {
      await run(`alter database ${name} with allow_connections false`);
      await run(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);
      await run(`drop database if exists ${name}`);
    },
  };
}
