import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { toDate } from '../../db/schema.ts';
import { hashToken, newToken } from './session-repository.ts';

export interface AuthTransaction {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** A sign-in in progress, kept server-side; the browser holds only a random id in a cookie. */
export async function saveTransaction(
  db: Kysely<Database>,
  transaction: AuthTransaction,
  ttlMs: number,
  now = new Date(),
): Promise<string> {
  const id = newToken();
  await db.deleteFrom('auth_transactions').where('expires_at', '<', now.toISOString()).execute();
  await db
    .insertInto('auth_transactions')
    .values({
      id_hash: hashToken(id),
      state: transaction.state,
      nonce: transaction.nonce,
      code_verifier: transaction.codeVerifier,
      expires_at: new Date(now.getTime() + ttlMs).toISOString(),
    })
    .execute();
  return id;
}

/** Each transaction can be used once: it is deleted as it is read. */
export async function takeTransaction(
  db: Kysely<Database>,
  id: string,
  now = new Date(),
): Promise<AuthTransaction | undefined> {
  const row = await db
    .deleteFrom('auth_transactions')
    .where('id_hash', '=', hashToken(id))
    .returningAll()
    .executeTakeFirst();
  if (!row || toDate(row.expires_at).getTime() <= now.getTime()) return undefined;
  return { state: row.state, nonce: row.nonce, codeVerifier: row.code_verifier };
}
