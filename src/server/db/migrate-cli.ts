import { configFromEnv, parseEnv } from '../config.ts';
import { openDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';

const config = configFromEnv(parseEnv(process.env));
const handle = openDatabase(config.database);
try {
  const { results = [] } = await migrateToLatest(handle.db);
  for (const result of results) console.log(`${result.status}: ${result.migrationName}`);
  if (results.length === 0) console.log(`Database (${handle.dialect}) is up to date.`);
} finally {
  await handle.close();
}
