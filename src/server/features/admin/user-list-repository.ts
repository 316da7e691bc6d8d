import { createHash } from 'node:crypto';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { ConfirmationFilter } from '../../../contract/admin.ts';
import { toDate, type Database } from '../../db/schema.ts';
import { containsPattern, emailMatches } from './email-search.ts';
import { totalShownByPage } from './list-page.ts';
import {
  filteredUserPage,
  isDefaultUserList,
  type ListFilter,
  type UserRow,
} from './user-list-filtered.ts';
import {
  confirmationMatches,
  countSignupsMatching,
  type ConfirmableListPage,
} from './signup-list-repository.ts';

export interface UserListItem {
  uid: string;
  email: string;
  isWhitelisted: boolean;
  signupDate: Date | undefined;
  registrationDate: Date | undefined;
  /** When the person confirmed their signup; undefined: not yet, or no signup. */
  confirmedAt: Date | undefined;
}

/** Prefix of the uid of an address without an app account (documented in the contract). */
export const ADDRESS_UID_PREFIX = 'addr_';

/**
 * A stable id for an address that has not registered: `addr_` and the first 32 hex digits of
 * the SHA-256 of the (lower-cased) address. It never changes and does not show the address.
 */
export function addressUid(email: string): string {
  return ADDRESS_UID_PREFIX + createHash('sha256').update(email).digest('hex').slice(0, 32);
}

/**
 * One page of every known address (signed up, whitelisted or registered), most recent activity
 * first (the latest of its signup, whitelisting and registration), then by address.
 *
 * An address on the first `offset + limit` places has its latest date among the first
 * `offset + limit` rows of the table that date comes from (ordered the same way), so each table
 * gives only that many candidates instead of the whole union being sorted. Candidates that are
 * not on the page may get a too-early activity from that cut, which only moves them further down.
 *
 * A confirmation filter keeps addresses whose signup is in that state (so only addresses with a
 * signup); each table then gives candidates among those addresses only, and the cut holds.
 */
export async function listUsers(
  db: Kysely<Database>,
  page: ConfirmableListPage & ListFilter,
): Promise<{ items: UserListItem[]; total: number }> {
  if (!isDefaultUserList(page)) {
    const { rows, total } = await filteredUserPage(db, page);
    return { total, items: rows.map(toUserItem) };
  }
  const pattern = containsPattern(page.search);
  const rows = await pageOfUsers(db, pattern, page);
  // A short page holds every candidate of every table, so it is the end of the whole list.
  const total =
    totalShownByPage(page, rows.length) ??
    (page.confirmation
      ? // Every address the filter keeps has exactly one signup.
        await countSignupsMatching(db, pattern, page.confirmation)
      : await countUsersMatching(db, pattern));
  return { total, items: rows.map(toUserItem) };
}

export function toUserItem(row: UserRow): UserListItem {
  return {
    uid: row.uid ?? addressUid(row.email),
    email: row.email,
    isWhitelisted: row.whitelisted_email !== null,
    signupDate: row.created_at === null ? undefined : toDate(row.created_at),
    registrationDate: row.registered_at === null ? undefined : toDate(row.registered_at),
    confirmedAt: row.confirmed_at === null ? undefined : toDate(row.confirmed_at),
  };
}

/** The address has a signup in the filter's state (no condition without a filter). */
function signupInState(
  address: 'whitelist.email' | 'app_users.email',
  filter: ConfirmationFilter | undefined,
): Expression<SqlBool> {
  if (filter === undefined) return sql<SqlBool>`true`;
  const state = confirmationMatches(sql.ref('state.confirmed_at'), filter);
  return sql<SqlBool>`exists (select 1 from signups as state where state.email = ${sql.ref(address)} and ${state})`;
}

function pageOfUsers(db: Kysely<Database>, pattern: string | undefined, page: ConfirmableListPage) {
  const candidates = Math.min(page.offset + page.limit, Number.MAX_SAFE_INTEGER);
  const signups = db
    .selectFrom('signups')
    .select(['email', 'created_at as at'])
    .where((eb) => emailMatches(eb.ref('email'), pattern))
    .where((eb) => confirmationMatches(eb.ref('confirmed_at'), page.confirmation))
    .orderBy('created_at', 'desc')
    .orderBy('email')
    .limit(candidates);
  const whitelisted = db
    .selectFrom('whitelist')
    .select(['email', 'added_at as at'])
    .where((eb) => emailMatches(eb.ref('email'), pattern))
    .where(signupInState('whitelist.email', page.confirmation))
    .orderBy('added_at', 'desc')
    .orderBy('email')
    .limit(candidates);
  const registered = db
    .selectFrom('app_users')
    .select(['email', 'registered_at as at'])
    .where((eb) => emailMatches(eb.ref('email'), pattern))
    .where(signupInState('app_users.email', page.confirmation))
    .orderBy('registered_at', 'desc')
    .orderBy('email')
    .limit(candidates);

  return db
    .with('candidate', (db) =>
      db
        .selectFrom(signups.as('s'))
        .select(['s.email', 's.at'])
        .unionAll(db.selectFrom(whitelisted.as('w')).select(['w.email', 'w.at']))
        .unionAll(db.selectFrom(registered.as('r')).select(['r.email', 'r.at'])),
    )
    .with('page', (db) =>
      db
        .selectFrom('candidate')
        .select((eb) => ['email', eb.fn.max('at').as('activity')])
        .groupBy('email')
        .orderBy('activity', 'desc')
        .orderBy('email')
        .limit(page.limit)
        .offset(page.offset),
    )
    .selectFrom('page as p')
    .leftJoin('signups as s', 's.email', 'p.email')
    .leftJoin('whitelist as w', 'w.email', 'p.email')
    .leftJoin('app_users as u', 'u.email', 'p.email')
    .select([
      'p.email',
      's.created_at',
      's.confirmed_at',
      'w.email as whitelisted_email',
      'u.uid',
      'u.registered_at',
    ])
    .orderBy('p.activity', 'desc')
    .orderBy('p.email')
    .execute();
}

/**
 * "No row of `table` has this address", written as a count of index matches: PostgreSQL turns
 * NOT EXISTS into a hash anti-join that reads every signup to check a few thousand whitelisted
 * addresses (2-3 times slower at 100,000 signups); a scalar subquery stays one index probe per
 * row, as SQLite runs both forms.
 */
function absentFrom(
  table: 'signups' | 'whitelist',
  address: 'whitelist.email' | 'app_users.email',
) {
  return sql<SqlBool>`(select count(*) from ${sql.table(table)} as present where present.email = ${sql.ref(address)}) = 0`;
}

/**
 * Distinct addresses: every signup, plus whitelisted and registered ones that did not sign up.
 * Three statements, so PostgreSQL runs them at once on separate connections.
 */
async function countUsersMatching(db: Kysely<Database>, pattern: string | undefined) {
  const counts = await Promise.all([
    countSignupsMatching(db, pattern),
    db
      .selectFrom('whitelist')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(emailMatches(sql.ref('whitelist.email'), pattern))
      .where(absentFrom('signups', 'whitelist.email'))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n)),
    db
      .selectFrom('app_users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(emailMatches(sql.ref('app_users.email'), pattern))
      .where(absentFrom('signups', 'app_users.email'))
      .where(absentFrom('whitelist', 'app_users.email'))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n)),
  ]);
  return counts.reduce((sum, count) => sum + count, 0);
}
