import type { Kysely } from 'kysely';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { Database } from '../../db/schema.ts';
import { toDate } from '../../db/schema.ts';

/** oidc-provider's storage in our database, so every instance sees the same sign-ins. */
export function databaseAdapter(db: Kysely<Database>): AdapterFactory {
  return (kind: string): Adapter => {
    const live = (
      row: { payload: string; expires_at: unknown; consumed_at: unknown } | undefined,
    ) => {
      if (!row) return undefined;
      if (row.expires_at && toDate(row.expires_at as string).getTime() <= Date.now())
        return undefined;
      const payload = JSON.parse(row.payload) as AdapterPayload;
      return row.consumed_at
        ? { ...payload, consumed: Math.floor(toDate(row.consumed_at as string).getTime() / 1000) }
        : payload;
    };
    const select = () =>
      db
        .selectFrom('oidc_payloads')
        .select(['payload', 'expires_at', 'consumed_at'])
        .where('kind', '=', kind);
    // Lookups take values from requests (client ids, codes, cookies). The provider's own keys
    // never hold NUL, and PostgreSQL refuses it in text, so such a value is simply not there.
    const lookup = async (column: 'id' | 'uid' | 'user_code', value: string) =>
      value.includes('\u0000')
        ? undefined
        : live(await select().where(column, '=', value).executeTakeFirst());
    const remove = async (column: 'id' | 'grant_id', value: string) => {
      await db
        .deleteFrom('oidc_payloads')
        .where('kind', '=', kind)
        .where(column, '=', value)
        .execute();
    };
    return {
      async upsert(id, payload, expiresIn) {
        const values = {
          payload: JSON.stringify(payload),
          grant_id: payload.grantId ?? null,
          user_code: payload.userCode ?? null,
          uid: payload.uid ?? null,
          expires_at: expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null,
        };
        await db
          .insertInto('oidc_payloads')
          .values({ kind, id, consumed_at: null, ...values })
          .onConflict((conflict) => conflict.columns(['kind', 'id']).doUpdateSet(values))
          .execute();
      },
      find: (id) => lookup('id', id),
      findByUid: (uid) => lookup('uid', uid),
      findByUserCode: (userCode) => lookup('user_code', userCode),
      async consume(id) {
        await db
          .updateTable('oidc_payloads')
          .set({ consumed_at: new Date().toISOString() })
          .where('kind', '=', kind)
          .where('id', '=', id)
          .execute();
      },
      destroy: (id) => remove('id', id),
      // Called once per kind of token the grant may hold: only this kind's rows go. An
      // interaction names the grant too, and must outlive it when a sign-in with another
      // account first ends the session of the one the browser had.
      revokeByGrantId: (grantId) => remove('grant_id', grantId),
    };
  };
}

export interface LocalAccount {
  email: string;
  name: string;
}

/** Who signed in on the embedded provider's page, by subject, for its ID tokens. */
export async function saveLocalAccount(db: Kysely<Database>, sub: string, account: LocalAccount) {
  const payload = JSON.stringify(account);
  await db
    .insertInto('oidc_payloads')
    .values({
      kind: 'LocalAccount',
      id: sub,
      payload,
      grant_id: null,
      user_code: null,
      uid: null,
      expires_at: null,
      consumed_at: null,
    })
    .onConflict((conflict) => conflict.columns(['kind', 'id']).doUpdateSet({ payload }))
    .execute();
}

export async function findLocalAccount(
  db: Kysely<Database>,
  sub: string,
): Promise<LocalAccount | undefined> {
  const row = await db
    .selectFrom('oidc_payloads')
    .select('payload')
    .where('kind', '=', 'LocalAccount')
    .where('id', '=', sub)
    .executeTakeFirst();
  return row ? (JSON.parse(row.payload) as LocalAccount) : undefined;
}
