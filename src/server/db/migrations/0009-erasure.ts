import type { Kysely } from 'kysely';
import { timestampType } from '../column-types.ts';

/**
 * Erasure (GDPR art. 17) deletes everything held about an address but one thing: a keyed hash
 * of it, so the address is never mailed again. The hash is HMAC-SHA-256 of the normalised
 * address under a key derived from the mail secret (features/privacy/suppression.ts); the
 * address itself is not kept anywhere.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_suppressions')
    .addColumn('address_hash', 'text', (column) => column.primaryKey())
    .addColumn('reason', 'text', (column) => column.notNull())
    .addColumn('created_at', timestampType(db), (column) => column.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_suppressions').execute();
}
