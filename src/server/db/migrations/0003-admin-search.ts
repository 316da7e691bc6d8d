import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../column-types.ts';

/**
 * Indexes for the admin lists (features/lists). Signups are walked newest first with the address
 * in the index, so a search filters index entries without reading rows (SQLite does; PostgreSQL
 * uses it for order). On PostgreSQL a trigram index (pg_trgm) answers `email LIKE '%term%'`
 * for terms of three characters or more; without the extension search still works, by scanning.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('signups_created_at_id_email_idx')
    .on('signups')
    .columns(['created_at', 'id', 'email'])
    .execute();
  // The new index leads with the same columns, so it serves every query the old one did.
  await db.schema.dropIndex('signups_created_at_idx').execute();
  if (isPostgres(db)) await createTrigramIndex(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  // The extension may serve other schemas of the database, so it stays.
  await db.schema.dropIndex('signups_email_trgm_idx').ifExists().execute();
  await db.schema
    .createIndex('signups_created_at_idx')
    .on('signups')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema.dropIndex('signups_created_at_id_email_idx').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function createTrigramIndex(db: Kysely<any>): Promise<void> {
  const schema = (await trigramSchema(db)) ?? (await installTrigram(db));
  if (schema === undefined) {
    console.warn(
      'NOTICE: the pg_trgm extension is not available; admin search scans the signups table.',
    );
    return;
  }
  await sql`create index signups_email_trgm_idx on signups using gin (email ${sql.id(schema)}.gin_trgm_ops)`.execute(
    db,
  );
}

/** The schema the extension is installed in, if it is. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function trigramSchema(db: Kysely<any>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
    where e.extname = 'pg_trgm'`.execute(db);
  return rows[0]?.schema;
}

/**
 * Installs pg_trgm (a trusted extension since PostgreSQL 13: the database owner may install it)
 * into `public`, so dropping the service's own schema never takes it away from another schema,
 * or else into the current schema. A failure, or another instance installing it at the same
 * moment, rolls back only the attempt.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function installTrigram(db: Kysely<any>): Promise<string | undefined> {
  for (const statement of [
    sql`create extension if not exists pg_trgm with schema public`,
    sql`create extension if not exists pg_trgm`,
  ]) {
    const installed = await attempt(db, async () => {
      await statement.execute(db);
    });
    const schema = await trigramSchema(db);
    if (installed || schema !== undefined) return schema;
  }
  return undefined;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function attempt(db: Kysely<any>, work: () => Promise<void>): Promise<boolean> {
  if (!db.isTransaction) {
    return work().then(
      () => true,
      () => false,
    );
  }
  await sql`savepoint install_pg_trgm`.execute(db);
  try {
    await work();
    await sql`release savepoint install_pg_trgm`.execute(db);
    return true;
  } catch {
    await sql`rollback to savepoint install_pg_trgm`.execute(db);
    return false;
  }
}
