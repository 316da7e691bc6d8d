import type { Kysely } from 'kysely';
import { timestampType } from '../column-types.ts';

/** The early-access whitelist, app registrations, admin sign-in state and the audit trail. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('whitelist')
    .addColumn('email', 'text', (column) => column.primaryKey())
    .addColumn('added_at', timestampType(db), (column) => column.notNull())
    .addColumn('added_by', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('app_users')
    .addColumn('uid', 'text', (column) => column.primaryKey())
    .addColumn('email', 'text', (column) => column.notNull().unique())
    .addColumn('registered_at', timestampType(db), (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('admin_sessions')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('uid', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('display_name', 'text', (column) => column.notNull())
    .addColumn('photo_url', 'text')
    .addColumn('created_at', timestampType(db), (column) => column.notNull())
    .addColumn('last_seen_at', timestampType(db), (column) => column.notNull())
    .addColumn('expires_at', timestampType(db), (column) => column.notNull())
    .addColumn('revoked_at', timestampType(db))
    .execute();

  /** One sign-in in progress: the popup's state, nonce and PKCE verifier, for ten minutes. */
  await db.schema
    .createTable('auth_transactions')
    .addColumn('id_hash', 'text', (column) => column.primaryKey())
    .addColumn('state', 'text', (column) => column.notNull())
    .addColumn('nonce', 'text', (column) => column.notNull())
    .addColumn('code_verifier', 'text', (column) => column.notNull())
    .addColumn('expires_at', timestampType(db), (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('at', timestampType(db), (column) => column.notNull())
    .addColumn('actor', 'text', (column) => column.notNull())
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('target', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'audit_log',
    'auth_transactions',
    'admin_sessions',
    'app_users',
    'whitelist',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
