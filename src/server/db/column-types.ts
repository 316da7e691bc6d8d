import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** timestamptz on PostgreSQL; ISO 8601 text on SQLite, which sorts in time order. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function timestampType(db: Kysely<any>): RawBuilder<unknown> {
  return isPostgres(db) ? sql`timestamptz` : sql`text`;
}
