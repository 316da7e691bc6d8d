import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { isPostgres } from '../../db/column-types.ts';
import type { Database, Timestamp } from '../../db/schema.ts';
import { containsPattern, emailMatches } from '../../platform/lists/email-search.ts';
import {
  afterKeys,
  allOf,
  hasSignupCondition,
  orderByKeys,
  orderOf,
  signupRowConditions,
  type ListFilter,
  type OrderKey,
} from '../../platform/lists/list-filter.ts';
import {
  countUpToLimit,
  exactTotal,
  totalOfPage,
  type ListPage,
  type ListTotal,
} from '../../platform/lists/list-page.ts';
import { countSignups, countSignupsMatching } from './signup-list-repository.ts';

export type { ListFilter } from '../../platform/lists/list-filter.ts';

/** One address of the users list, as read. */
export interface UserRow {
  email: string;
  created_at: Timestamp | null;
  confirmed_at: Timestamp | null;
  whitelisted_email: string | null;
  uid: string | null;
  registered_at: Timestamp | null;
  /** The signup's place in line keys, products and credited referrals (decision 0040). */
  line_key: number | string | null;
  ticket: number | string | null;
  wants: string | null;
  referrals: number | string | null;
}

/**
 * The list as the spec orders it, narrowed by the search, confirmation, whitelist and app
 * state only: the fast path of listUsers.
 */
export function isDefaultUserList(filter: ListFilter): boolean {
  return (
    !filter.type &&
    !filter.source &&
    !filter.from &&
    !filter.to &&
    !filter.waiting &&
    !filter.product &&
    !filter.referrer &&
    (filter.sort ?? 'activity') === 'activity' &&
    orderOf(filter) === 'desc'
  );
}

type Base = 'signups' | 'whitelist' | 'app_users';

/**
 * The tables an address that meets the filter can come from. A condition on the signup needs
 * a signup; on the whitelist or the app, a row there; an address in neither of those two lists
 * must have a signup. Otherwise every table whose addresses the filter does not exclude.
 */
function baseTables(filter: ListFilter): Base[] {
  if (hasSignupCondition(filter)) return ['signups'];
  if (filter.whitelisted === 'true') return ['whitelist'];
  if (filter.registered === 'true') return ['app_users'];
  const tables: Base[] = ['signups'];
  if (filter.whitelisted !== 'false') tables.push('whitelist');
  if (filter.registered !== 'false') tables.push('app_users');
  return tables;
}

const ALIAS: Record<Base, string> = { signups: 's', whitelist: 'w', app_users: 'u' };

/** Signup dates stand in for a missing one, so addresses without a signup sort last. */
const BEFORE_ANY_SIGNUP = '0001-01-01T00:00:00.000Z';
const AFTER_ANY_SIGNUP = '9999-12-31T00:00:00.000Z';

/**
 * Every address the filter keeps, with its signup, whitelist and app rows and its sort keys
 * (`activity`: the latest of its dates; `created_key`: its signup date, or a stand-in that sorts
 * last), as a subquery to page, count or walk in batches.
 */
function filteredUsers(db: Kysely<Database>, filter: ListFilter): RawBuilder<UserRow> {
  const pattern = containsPattern(filter.search);
  const tables = baseTables(filter);
  const [only] = tables;
  const address =
    tables.length === 1 ? sql.ref<string>(`${ALIAS[only!]}.email`) : sql.ref<string>('a.email');
  const others = (['signups', 'whitelist', 'app_users'] as const).filter(
    (table) => tables.length > 1 || table !== only,
  );
  const from =
    tables.length === 1
      ? sql`${sql.table(only!)} as ${sql.raw(ALIAS[only!])}`
      : sql`(${sql.join(
          tables.map(
            (table) =>
              sql`select email from ${sql.table(table)} where ${emailMatches(sql.ref(`${table}.email`), pattern)}`,
          ),
          sql` union `,
        )}) as a`;
  const joins = others.map(
    (table) =>
      sql`left join ${sql.table(table)} as ${sql.raw(ALIAS[table])} on ${sql.ref(`${ALIAS[table]}.email`)} = ${address}`,
  );

  const conditions: Expression<SqlBool>[] = [
    emailMatches(address, pattern),
    ...signupRowConditions('s', { ...filter, search: undefined }),
  ];
  if (hasSignupCondition(filter)) conditions.push(sql`s.email is not null`);
  if (filter.whitelisted) {
    conditions.push(
      filter.whitelisted === 'true' ? sql`w.email is not null` : sql`w.email is null`,
    );
  }
  if (filter.registered) {
    conditions.push(filter.registered === 'true' ? sql`u.email is not null` : sql`u.email is null`);
  }

  const postgres = isPostgres(db);
  const activity = postgres
    ? sql`greatest(s.created_at, w.added_at, u.registered_at)`
    : sql`max(coalesce(s.created_at, ''), coalesce(w.added_at, ''), coalesce(u.registered_at, ''))`;
  const missing = orderOf(filter) === 'desc' ? BEFORE_ANY_SIGNUP : AFTER_ANY_SIGNUP;
  // From the signups alone, every address has a signup date: the plain column lets the index
  // of a programme or form give the order (no sort of every row the filter keeps).
  const createdKey =
    only === 'signups' && tables.length === 1
      ? sql`s.created_at`
      : postgres
        ? sql`coalesce(s.created_at, ${missing}::timestamptz)`
        : sql`coalesce(s.created_at, ${missing})`;

  return sql<UserRow>`select ${address} as email, s.created_at, s.confirmed_at,
    w.email as whitelisted_email, u.uid, u.registered_at,
    s.line_key, s.ticket, s.wants, ${CREDITED_REFERRALS} as referrals,
    ${activity} as activity, ${createdKey} as created_key
    from ${from} ${sql.join(joins, sql` `)}
    where ${allOf(conditions)}`;
}

/** A signup's credited referrals (kept by triggers, migration 0023; none without a signup). */
export const CREDITED_REFERRALS = sql<number>`coalesce(s.referrals_credited, 0)`;

/** The keys of the users list's order; the address, unique, ends each. */
function userOrderKeys(filter: ListFilter): OrderKey[] {
  const direction = orderOf(filter);
  if (filter.sort === 'email') return [{ name: 'email', direction }];
  if (filter.sort === 'referrals') {
    return [
      { name: 'referrals', direction },
      { name: 'email', direction: 'asc' },
    ];
  }
  const first = filter.sort === 'created' ? 'created_key' : 'activity';
  return [
    { name: first, direction },
    { name: 'email', direction: 'asc' },
  ];
}

/** One page of the users list with filters or another order, and how many match in all. */
export async function filteredUserPage(
  db: Kysely<Database>,
  page: ListPage & ListFilter,
): Promise<{ rows: UserRow[]; total: ListTotal }> {
  const keys = userOrderKeys(page);
  const { rows } = await sql<UserRow>`select * from (${filteredUsers(db, page)}) as q
    order by ${orderByKeys(keys, 'q')} limit ${page.limit} offset ${page.offset}`.execute(db);
  return { rows, total: await totalOfPage(page, rows.length, () => usersTotal(db, page)) };
}

/**
 * Addresses the filter keeps: exactly without a search, up to SEARCH_COUNT_LIMIT with one.
 * An address with a signup condition is one signup, counted as the signups list counts it (the
 * signup tally); the others by how many are whitelisted, registered or both.
 */
export async function usersTotal(db: Kysely<Database>, filter: ListFilter): Promise<ListTotal> {
  const pattern = containsPattern(filter.search);
  const presence = Boolean(filter.whitelisted || filter.registered);
  if (pattern !== undefined) {
    if (!presence && !hasSignupCondition({ ...filter, confirmation: undefined })) {
      return filter.confirmation
        ? // Every address the filter keeps has exactly one signup.
          countSignupsMatching(db, pattern, filter.confirmation)
        : countUsersMatching(db, pattern);
    }
    return countUpToLimit(
      db,
      db
        .selectFrom(sql<UserRow>`(${filteredUsers(db, filter)})`.as('q'))
        .select(sql<number>`1`.as('one')),
    );
  }
  if (hasSignupCondition(filter)) return exactTotal(await countSignups(db, filter));
  return exactTotal(await countByPresence(db, filter));
}

/**
 * Addresses in the whitelist and app states the filter asks for, of all the known ones: each
 * count reads the small tables, and the signups only through the tally.
 */
async function countByPresence(db: Kysely<Database>, filter: ListFilter): Promise<number> {
  const w = filter.whitelisted;
  const u = filter.registered;
  const rows = (table: 'whitelist' | 'app_users') =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst()
      .then((row) => Number(row?.n ?? 0));
  // Only the counts the filter needs: each is a read of a whole index.
  const [all, whitelisted, registered, both] = await Promise.all([
    w === 'true' || u === 'true' ? 0 : countUsersMatching(db, undefined).then(({ total }) => total),
    w ? rows('whitelist') : 0,
    u ? rows('app_users') : 0,
    w && u
      ? db
          .selectFrom('whitelist')
          .innerJoin('app_users', 'app_users.email', 'whitelist.email')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirst()
          .then((row) => Number(row?.n ?? 0))
      : 0,
  ]);
  if (!w && !u) return all;
  if (w && !u) return w === 'true' ? whitelisted : all - whitelisted;
  if (u && !w) return u === 'true' ? registered : all - registered;
  if (w === 'true' && u === 'true') return both;
  if (w === 'true') return whitelisted - both;
  if (u === 'true') return registered - both;
  return all - whitelisted - registered + both;
}

/** Runs one query of a batched read (e.g. under a statement timeout: `readWithTimeout`). */
export type BatchReader = <T>(read: (db: Kysely<Database>) => Promise<T>) => Promise<T>;

/**
 * Every address the filter keeps, in the list's order, one keyset-paged query per batch, each
 * run by `reader`.
 */
export async function* userBatches(
  db: Kysely<Database>,
  filter: ListFilter,
  batchSize: number,
  reader: BatchReader = (read) => read(db),
): AsyncGenerator<UserRow[]> {
  const keys = userOrderKeys(filter);
  let after: unknown[] | undefined;
  for (;;) {
    const query = sql<
      UserRow & Record<string, unknown>
    >`select * from (${filteredUsers(db, filter)}) as q
      where ${after ? afterKeys(keys, after, 'q') : sql`true`}
      order by ${orderByKeys(keys, 'q')} limit ${batchSize}`;
    const { rows } = await reader((executor) => query.execute(executor));
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    const last = rows.at(-1)!;
    after = keys.map((key) => last[key.name]);
  }
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
export async function countUsersMatching(
  db: Kysely<Database>,
  pattern: string | undefined,
): Promise<ListTotal> {
  const [signups, ...others] = await Promise.all([
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
  // The whitelist and the app's users are few beside the signups: counted in full.
  const total = others.reduce((sum, count) => sum + count, signups.total);
  return signups.exact ? exactTotal(total) : { total, exact: false };
}
