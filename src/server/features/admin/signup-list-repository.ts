import type { Kysely } from 'kysely';
import { toDate, type Database } from '../../db/schema.ts';
import { containsPattern, emailMatches } from './email-search.ts';
import { totalShownByPage, type ListPage } from './list-page.ts';

export interface SignupListItem {
  id: string;
  email: string;
  program: string;
  source: string;
  createdAt: Date;
  registeredAt: Date | undefined;
  isWhitelisted: boolean;
  lastSignupAt: Date;
  signupCount: number;
}

/**
 * One page of signups, newest first, with whether each address is whitelisted and when it
 * registered in the app, how often and when last it signed up, and how many signups match in all.
 */
export async function listSignups(
  db: Kysely<Database>,
  page: ListPage,
): Promise<{ items: SignupListItem[]; total: number }> {
  const pattern = containsPattern(page.search);
  const rows = await db
    .selectFrom('signups as s')
    .leftJoin('whitelist as w', 'w.email', 's.email')
    .leftJoin('app_users as u', 'u.email', 's.email')
    .select([
      's.id',
      's.email',
      's.program',
      's.source',
      's.created_at',
      's.last_signup_at',
      's.signup_count',
      'u.registered_at',
      'w.email as whitelisted_email',
    ])
    .where((eb) => emailMatches(eb.ref('s.email'), pattern))
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const total = totalShownByPage(page, rows.length) ?? (await countSignupsMatching(db, pattern));
  return {
    total,
    items: rows.map((row) => ({
      id: row.id,
      email: row.email,
      program: row.program,
      source: row.source,
      createdAt: toDate(row.created_at),
      registeredAt: row.registered_at === null ? undefined : toDate(row.registered_at),
      isWhitelisted: row.whitelisted_email !== null,
      // Rows an older version wrote have no latest time; their first signup is their latest.
      lastSignupAt: toDate(row.last_signup_at ?? row.created_at),
      signupCount: row.signup_count,
    })),
  };
}

/** Signups whose address matches the pattern (all of them without one). */
export async function countSignupsMatching(db: Kysely<Database>, pattern: string | undefined) {
  const row = await db
    .selectFrom('signups')
    .select((eb) => eb.fn.countAll().as('count'))
    .where((eb) => emailMatches(eb.ref('email'), pattern))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
