import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Outcome } from '../../lib/group-commit.ts';
import { uuidV7 } from '../../lib/uuid-v7.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export interface NewSignup {
  email: string;
  program: string;
  source: string;
}

/**
 * Records a signup once per address. A repeated address changes nothing: the first form and
 * time it signed up from stay. Returns whether a row was created.
 */
export async function insertSignup(db: Executor, signup: NewSignup, now = new Date()) {
  const result = await db
    .insertInto('signups')
    .values({ id: uuidV7(now.getTime()), ...signup, created_at: now.toISOString() })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .executeTakeFirst();
  return { created: Number(result.numInsertedOrUpdatedRows ?? 0) > 0 };
}

/**
 * Records many signups in one statement (one commit). A repeated address, in the table or
 * earlier in the same batch, is not created again. If the statement fails, each signup is tried
 * on its own, so one bad row cannot fail the others.
 */
export async function insertSignups(
  db: Executor,
  signups: NewSignup[],
  now = new Date(),
): Promise<Outcome<{ created: boolean }>[]> {
  const createdAt = now.toISOString();
  try {
    const inserted = await db
      .insertInto('signups')
      .values(
        signups.map((signup) => ({ id: uuidV7(now.getTime()), ...signup, created_at: createdAt })),
      )
      .onConflict((conflict) => conflict.column('email').doNothing())
      .returning('email')
      .execute();
    const created = new Set(inserted.map((row) => row.email));
    return signups.map((signup) => {
      const isNew = created.delete(signup.email);
      return { ok: true, value: { created: isNew } };
    });
  } catch (batchError) {
    if (signups.length === 1) return [{ ok: false, error: batchError }];
    return Promise.all(
      signups.map((signup) =>
        insertSignup(db, signup, now).then(
          (value): Outcome<{ created: boolean }> => ({ ok: true, value }),
          (error: unknown): Outcome<{ created: boolean }> => ({ ok: false, error }),
        ),
      ),
    );
  }
}

export async function findSignupByEmail(db: Executor, email: string) {
  return db.selectFrom('signups').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function countSignups(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('signups')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
