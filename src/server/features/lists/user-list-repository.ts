import { createHash } from 'node:crypto';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { ConfirmationFilter } from '../../../contract/admin.ts';
import { toDate, type Database } from '../../db/schema.ts';
import { containsPattern, emailMatches } from '../../platform/lists/email-search.ts';
import { presentIn, allOf } from '../../platform/lists/list-filter.ts';
import { totalOfPage, type ListTotal } from '../../platform/lists/list-page.ts';
import {
  CREDITED_REFERRALS,
  filteredUserPage,
  isDefaultUserList,
  usersTotal,
  type ListFilter,
  type UserRow,
} from './user-list-filtered.ts';
import { placesOf } from '../../platform/line/places.ts';
import { productsOf, type Product } from '../../platform/line/products.ts';
import { confirmationMatches, type ConfirmableListPage } from './signup-list-repository.ts';

export interface UserListItem {
  uid: string;
  email: string;
  isWhitelisted: boolean;
  signupDate: Date | undefined;
  registrationDate: Date | undefined;
  /** When the person confirmed their signup; undefined: not yet, or no signup. */
  confirmedAt: Date | undefined;
  /** Place in line; undefined when the address does not wait. */
  place: number | undefined;
  referrals: number;
  products: Product[];
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
 * signup), a whitelist or registration filter those with (or without) that row; each table then
 * gives candidates among those addresses only, and the cut holds.
 */
export async function listUsers(
  db: Kysely<Database>,
  page: ConfirmableListPage & ListFilter,
): Promise<{ items: UserListItem[]; total: ListTotal }> {
  if (!isDefaultUserList(page)) {
    const { rows, total } = await filteredUserPage(db, page);
    return { total, items: await withUserPlaces(db, rows) };
  }
  const rows = await pageOfUsers(db, page);
  // A short page holds every candidate of every table, so it is the end of the whole list.
  const total = await totalOfPage(page, rows.length, () => usersTotal(db, page));
  return { total, items: await withUserPlaces(db, rows) };
}

/** The rows as items, with the places of those waiting found in one go (placesOf). */
export async function withUserPlaces(
  db: Kysely<Database>,
  rows: UserRow[],
): Promise<UserListItem[]> {
  const waiting = rows.filter((row) => row.line_key !== null && row.ticket !== null);
  const places = await placesOf(
    db,
    waiting.map((row) => ({ key: Number(row.line_key), ticket: Number(row.ticket) })),
  );
  const placeOf = new Map(waiting.map((row, index) => [row.email, places[index]]));
  return rows.map((row) => toUserItem(row, placeOf.get(row.email)));
}

export function toUserItem(row: UserRow, place?: number): UserListItem {
  return {
    uid: row.uid ?? addressUid(row.email),
    email: row.email,
    isWhitelisted: row.whitelisted_email !== null,
    signupDate: row.created_at === null ? undefined : toDate(row.created_at),
    registrationDate: row.registered_at === null ? undefined : toDate(row.registered_at),
    confirmedAt: row.confirmed_at === null ? undefined : toDate(row.confirmed_at),
    place,
    referrals: Number(row.referrals ?? 0),
    products: productsOf(row.wants),
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

/** The address is (or is not) on the whitelist or in the app, as the filter asks. */
function presenceAsked(address: Expression<string>, filter: ListFilter): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.whitelisted) {
    conditions.push(presentIn('whitelist', address, filter.whitelisted === 'true'));
  }
  if (filter.registered) {
    conditions.push(presentIn('app_users', address, filter.registered === 'true'));
  }
  return conditions;
}

function pageOfUsers(db: Kysely<Database>, page: ConfirmableListPage & ListFilter) {
  const pattern = containsPattern(page.search);
  const candidates = Math.min(page.offset + page.limit, Number.MAX_SAFE_INTEGER);
  const signups = db
    .selectFrom('signups')
    .select(['email', 'created_at as at'])
    .where((eb) => emailMatches(eb.ref('email'), pattern))
    .where((eb) => confirmationMatches(eb.ref('confirmed_at'), page.confirmation))
    .where(allOf(presenceAsked(sql.ref('signups.email'), page)))
    .orderBy('created_at', 'desc')
    .orderBy('email')
    .limit(candidates);
  // A table whose rows the filter excludes gives no candidate.
  const none = sql<SqlBool>`1 = 0`;
  const whitelisted = db
    .selectFrom('whitelist')
    .select(['email', 'added_at as at'])
    .where((eb) => emailMatches(eb.ref('email'), pattern))
    .where(signupInState('whitelist.email', page.confirmation))
    .where(allOf(presenceAsked(sql.ref('whitelist.email'), { ...page, whitelisted: undefined })))
    .where(page.whitelisted === 'false' ? none : sql<SqlBool>`true`)
    .orderBy('added_at', 'desc')
    .orderBy('email')
    .limit(candidates);
  const registered = db
    .selectFrom('app_users')
    .select(['email', 'registered_at as at'])
    .where((eb) => emailMatches(eb.ref('email'), pattern))
    .where(signupInState('app_users.email', page.confirmation))
    .where(allOf(presenceAsked(sql.ref('app_users.email'), { ...page, registered: undefined })))
    .where(page.registered === 'false' ? none : sql<SqlBool>`true`)
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
      's.line_key',
      's.ticket',
      's.wants',
      CREDITED_REFERRALS.as('referrals'),
    ])
    .orderBy('p.activity', 'desc')
    .orderBy('p.email')
    .execute();
}
