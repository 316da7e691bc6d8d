import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { POSTGRES_URL, testDatabaseKinds, type TestDatabase } from '../test/databases.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';

const postgres = (await testDatabaseKinds()).find((kind) => kind.name === 'postgres');

// Kysely's migrator looks for its tables by listing the tables of every schema it may use; a
// schema another client drops while that list is read ends the read with "schema … does not
// exist" (3F000). Other services, tests or an operator may drop schemas in the same database:
// the migration must not fail for a schema that is not its own.
describe.runIf(postgres)('migrations while other schemas come and go', () => {
  const databases: TestDatabase[] = [];
  afterAll(async () => {
    await Promise.all(databases.map((database) => database.drop()));
  });

  it('bring every new schema up to date', async () => {
    const churn = new pg.Client({ connectionString: POSTGRES_URL });
    await churn.connect();
    let churning = true;
    const churner = (async () => {
      for (let round = 0; churning; round++) {
        const name = `churn_${process.pid}_${round}`;
        await churn.query(`create schema ${name}; create table ${name}.t (a int)`);
        await churn.query(`drop schema ${name} cascade`);
      }
    })();
    try {
      for (let round = 0; round < 8; round++) {
        const database = await postgres!.create();
        databases.push(database);
        const handle = openDatabase(database.config);
        try {
          const config = database.config;
          await migrateToLatest(handle.db, config.kind === 'postgres' ? config.schema : undefined);
        } finally {
          await handle.close();
        }
      }
    } finally {
      churning = false;
      await churner;
      await churn.end();
    }
    expect(databases).toHaveLength(8);
  });
});
