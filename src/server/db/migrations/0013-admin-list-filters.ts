import type { Kysely } from 'kysely';

/**
 * Indexes for the admin list filters and figures (decision 0023): a programme or signup form
 * walked newest first (or counted) reads only its own entries; the confirmed signups are
 * counted from an index; the invitations sent are counted from the outbox without reading its
 * rows. Sorting by address uses the unique index on `signups.email`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('signups_program_created_idx')
    .on('signups')
    .columns(['program', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('signups_source_created_idx')
    .on('signups')
    .columns(['source', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('signups_confirmed_at_idx')
    .on('signups')
    .column('confirmed_at')
    .execute();
  await db.schema
    .createIndex('mail_outbox_template_status_to_idx')
    .on('mail_outbox')
    .columns(['template', 'status', 'to_address'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_template_status_to_idx').execute();
  await db.schema.dropIndex('signups_confirmed_at_idx').execute();
  await db.schema.dropIndex('signups_source_created_idx').execute();
  await db.schema.dropIndex('signups_program_created_idx').execute();
}
