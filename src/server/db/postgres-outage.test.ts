import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_URL, testDatabaseKinds, type TestDatabase } from '../test/databases.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';

const postgres = (await testDatabaseKinds()).find((kind) => kind.name === 'postgres');

/** Ends the server side of every connection `handle` holds, as an outage or an operator would. */
async function terminateConnections(pids: number[]) {
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
  } finally {
    await admin.end();
  }
}

const backendPid = async (db: DatabaseHandle['db']) =>
  (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;

describe.runIf(postgres)('a PostgreSQL connection that the server ends', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  const logged: unknown[] = [];
  beforeAll(async () => {
    database = await postgres!.create();
    handle = openDatabase(database.config, { error: (fields) => logged.push(fields) });
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
  });

  // A connection between two statements of a transaction is checked out of the pool and idle:
  // the server's goodbye then arrives with no query to fail. It must fail the transaction, be
  // logged, and leave the process and the pool working, never end the process.
  it('fails the transaction it was in and leaves the service working', async () => {
    const attempt = handle.db.transaction().execute(async (trx) => {
      const pid = await backendPid(trx);
      await terminateConnections([pid]);
      // Wait for the server's message to reach the idle connection.
      await new Promise((done) => setTimeout(done, 300));
      await sql`select 1`.execute(trx);
    });
    await expect(attempt).rejects.toThrow();
    expect(logged.length).toBeGreaterThan(0);
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
    expect(rows).toEqual([{ one: 1 }]);
  });

  it('drops idle connections that ended and opens new ones', async () => {
    const pids = await Promise.all(
      Array.from({ length: 3 }, () =>
        handle.db.connection().execute((connection) => backendPid(connection)),
      ),
    );
    await terminateConnections(pids);
    await new Promise((done) => setTimeout(done, 300));
    const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
    expect(rows).toEqual([{ one: 1 }]);
  });
});
