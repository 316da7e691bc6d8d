import { sql, type Kysely } from 'kysely';
import { timestampType } from '../column-types.ts';

/**
 * Invite waves: an admin invites the next N people (or reminds those invited days ago, or
 * invites a selection), and follows the wave's mail. Each member names its outbox message, so a
 * wave's progress is read from the outbox's states and survives any restart.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('invite_waves')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('kind', 'text', (column) =>
      column.notNull().check(sql`kind in ('invite', 'reminder', 'bulk')`),
    )
    .addColumn('requested_count', 'integer', (column) => column.notNull())
    .addColumn('type', 'text')
    .addColumn('source', 'text')
    .addColumn('days', 'integer')
    .addColumn('created_by', 'text', (column) => column.notNull())
    .addColumn('created_at', timestampType(db), (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('invite_waves_created_idx')
    .on('invite_waves')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createTable('wave_members')
    .addColumn('wave_id', 'text', (column) => column.notNull())
    .addColumn('email', 'text', (column) => column.notNull())
    .addColumn('outbox_id', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('wave_members_pk', ['wave_id', 'email'])
    .execute();
  await db.schema
    .createIndex('wave_members_email_idx')
    .on('wave_members')
    .columns(['email', 'wave_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('wave_members').execute();
  await db.schema.dropTable('invite_waves').execute();
}
