import type { Kysely } from 'kysely';

/**
 * The whitelist by time of whitelisting and the app's users by time of registration, latest
 * first, as the users list takes its candidates from each (`pageOfUsers`): the newest 50 of
 * 50,000 whitelisted addresses are read from the index instead of sorting them all.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('whitelist_added_at_idx')
    .on('whitelist')
    .columns(['added_at desc', 'email'])
    .execute();
  await db.schema
    .createIndex('app_users_registered_at_idx')
    .on('app_users')
    .columns(['registered_at desc', 'email'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('app_users_registered_at_idx').execute();
  await db.schema.dropIndex('whitelist_added_at_idx').execute();
}
