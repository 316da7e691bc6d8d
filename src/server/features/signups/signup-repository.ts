import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

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
    .values({ id: randomUUID(), ...signup, created_at: now.toISOString() })
    .onConflict((conflict) => conflict.column('email').doNothing())
    .executeTakeFirst();
  return { created: Number(result.numInsertedOrUpdatedRows ?? 0) > 0 };
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
