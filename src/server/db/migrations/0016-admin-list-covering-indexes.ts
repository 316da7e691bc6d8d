import type { Kysely } from 'kysely';

/**
 * The programme and signup-form indexes of 0013 carry the address too, so a search within a
 * programme or form reads index entries only (no row per candidate), and a second pair orders
 * one programme or form by address (`sort=email`) without sorting it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['program', 'source'] as const) {
    await db.schema
      .createIndex(`signups_${column}_created_email_idx`)
      .on('signups')
      .columns([column, 'created_at', 'id', 'email'])
      .execute();
    await db.schema.dropIndex(`signups_${column}_created_idx`).execute();
    await db.schema
      .createIndex(`signups_${column}_email_idx`)
      .on('signups')
      .columns([column, 'email'])
      .execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['program', 'source'] as const) {
    await db.schema.dropIndex(`signups_${column}_email_idx`).execute();
    await db.schema
      .createIndex(`signups_${column}_created_idx`)
      .on('signups')
      .columns([column, 'created_at', 'id'])
      .execute();
    await db.schema.dropIndex(`signups_${column}_created_email_idx`).execute();
  }
}
