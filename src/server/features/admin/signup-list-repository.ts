import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { ConfirmationFilter } from '../../../contract/admin.ts';
import { toDate, type Database, type Timestamp } from '../../db/schema.ts';
import { containsPattern, emailMatches } from './email-search.ts';
import { totalShownByPage, type ListPage } from './list-page.ts';

/** A page of a list that may be narrowed to one confirmation state. */
export type ConfirmableListPage = ListPage & { confirmation?: ConfirmationFilter | undefined };

/** `confirmed_at` set or not, or no condition at all without a filter. */
export function confirmationMatches(
  column: Expression<Timestamp | null>,
  filter: ConfirmationFilter | undefined,
): Expression<SqlBool> {
  if (filter === undefined) return sql<SqlBool>`true`;
  return filter === 'confirmed'
    ? sql<SqlBool>`${column} is not null`
    : sql<SqlBool>`${column} is null`;
}

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
  confirmedAt: Date | undefined;
}

/**
 * One page of signups, newest first, with whether each address is whitelisted and when it
 * registered in the app, how often and when last it signed up, whether the person confirmed it,
 * and how many signups match in all (the search and the confirmation filter).
 */
export async function listSignups(
  db: Kysely<Database>,
  page: ConfirmableListPage,
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
      's.confirmed_at',
      'u.registered_at',
      'w.email as whitelisted_email',
    ])
    .where((eb) => emailMatches(eb.ref('s.email'), pattern))
    .where((eb) => confirmationMatches(eb.ref('s.confirmed_at'), page.confirmation))
    .orderBy('s.created_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const total =
    totalShownByPage(page, rows.length) ??
    (await countSignupsMatching(db, pattern, page.confirmation));
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
      confirmedAt: row.confirmed_at === null ? undefined : toDate(row.confirmed_at),
    })),
  };
}

/** Signups whose address matches the pattern and the filter (all of them without either). */
export async function countSignupsMatching(
  db: Kysely<Database>,
  pattern: string | undefined,
  confirmation?: ConfirmationFilter,
) {
  const row = await db
    .selectFrom('signups')
    .select((eb) => eb.fn.countAll().as('count'))
    .where((eb) => emailMatches(eb.ref('email'), pattern))
    .where((eb) => confirmationMatches(eb.ref('confirmed_at'), confirmation))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
