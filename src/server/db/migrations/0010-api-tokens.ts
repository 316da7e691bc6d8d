import { sql, type Kysely } from 'kysely';
import { timestampType } from '../column-types.ts';

/**
 * Scoped API tokens for scripts. Only the SHA-256 of a token is kept (a copy of the database
 * gives nobody access); `prefix_hint` (prefix and last four characters) lets people recognise it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('token_hash', 'text', (column) => column.notNull().unique())
    .addColumn('prefix_hint', 'text', (column) => column.notNull())
    .addColumn('scope', 'text', (column) => column.notNull().check(sql`scope in ('read', 'write')`))
    .addColumn('created_by', 'text', (column) => column.notNull())
    .addColumn('created_at', timestampType(db), (column) => column.notNull())
    .addColumn('last_used_at', timestampType(db))
    .addColumn('expires_at', timestampType(db))
    .addColumn('revoked_at', timestampType(db))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_tokens').execute();
}
