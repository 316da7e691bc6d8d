import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { POSTGRES_URL } from './databases.ts';

/** A whole PostgreSQL database of its own, for services that take only DATABASE_URL. */
export interface FreshPostgresDatabase {
  url: string;
  query<Row extends object>(text: string): Promise<Row[]>;
  drop(): Promise<void>;
}

/** One statement on its own connection, closed afterwards. */
export async function queryOnce<Row extends object>(url: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return (await client.query<Row>(text)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Creates an empty database beside the test one (or on `serverUrl`'s server); `drop` removes
 * it, closing its connections.
 */
export async function createFreshPostgresDatabase({
  serverUrl = POSTGRES_URL,
  prefix = 'reelscore_test',
} = {}): Promise<FreshPostgresDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await queryOnce(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    query: (text) => queryOnce(url.href, text),
    drop: () => queryOnce(serverUrl, `drop database if exists ${name} with (force)`).then(() => {}),
  };
}
