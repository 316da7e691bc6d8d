import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * A value every instance must agree on (keys, secrets): the first instance to start makes it.
 * Kept beside the sign-in provider's own records (kind `LocalSetting`).
 */
export async function sharedValue<T>(
  db: Kysely<Database>,
  id: string,
  create: () => Promise<T>,
): Promise<T> {
  const candidate = JSON.stringify(await create());
  await db
    .insertInto('oidc_payloads')
    .values({
      kind: 'LocalSetting',
      id,
      payload: candidate,
      grant_id: null,
      user_code: null,
      uid: null,
      expires_at: null,
      consumed_at: null,
    })
    .onConflict((conflict) => conflict.columns(['kind', 'id']).doNothing())
    .execute();
  const row = await db
    .selectFrom('oidc_payloads')
    .select('payload')
    .where('kind', '=', 'LocalSetting')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return JSON.parse(row.payload) as T;
}
