import { sql, type Kysely, type Transaction } from 'kysely';
import { isPostgres } from './column-types.ts';
import type { Database } from './schema.ts';

/**
 * Runs `work` in a transaction whose commit does not wait for the disk: for bookkeeping that
 * may be lost to a power failure (not to a crash of the service) without losing anything a
 * person was told, such as the outbox's leases and delivery outcomes (a lost outcome means a
 * mail is sent again, with the same Message-ID). Everything a request acknowledges keeps the
 * database's full durability.
 *
 * SQLite (WAL): `synchronous = NORMAL` for this transaction alone, on the one connection held
 * throughout, so no other transaction runs under it; the next full commit syncs it too.
 * PostgreSQL: `synchronous_commit = off` for this transaction (`SET LOCAL`).
 */
export function relaxedCommit<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (isPostgres(db)) {
    return db.transaction().execute(async (trx) => {
      await sql`set local synchronous_commit = off`.execute(trx);
      return work(trx);
    });
  }
  return db.connection().execute(async (connection) => {
    await sql`pragma synchronous = normal`.execute(connection);
    try {
      return await connection.transaction().execute(work);
    } finally {
      await sql`pragma synchronous = full`.execute(connection);
    }
  });
}
