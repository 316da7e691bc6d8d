import type { Kysely } from 'kysely';
import { timestampType } from '../column-types.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('signups')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('email', 'text', (column) => column.notNull().unique())
    .addColumn('program', 'text', (column) => column.notNull())
    .addColumn('source', 'text', (column) => column.notNull())
    .addColumn('created_at', timestampType(db), (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('signups_created_at_idx')
    .on('signups')
    .columns(['created_at', 'id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('signups').execute();
}
