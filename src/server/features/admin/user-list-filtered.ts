import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { isPostgres } from '../../db/column-types.ts';
import type { Database, Timestamp } from '../../db/schema.ts';
import { containsPattern, emailMatches } from './email-search.ts';
import {
  afterKeys,
  allOf,
  hasSignupCondition,
  orderByKeys,
  orderOf,
  signupRowConditions,
  type ListFilter,
  type OrderKey,
} from './list-filter.ts';
import { totalShownByPage, type ListPage } from './list-page.ts';

export type { ListFilter } from './list-filter.ts';

/** One address of the users list, as read. */
export interface UserRow {
  email: string;
  created_at: Timestamp | null;
  confirmed_at: Timestamp | null;
  whitelisted_email: string | null;
  uid: string | null;
  registered_at: Timestamp | null;
}

/** The list as the spec orders it and only the spec's filters: the fast path of listUsers. */
export function isDefaultUserList(filter: ListFilter): boolean {
  return (
    !filter.whitelisted &&
    !filter.registered &&
    !filter.type &&
    !filter.source &&
    !filter.from &&
    !filter.to &&
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
  const createdKey = postgres
    ? sql`coalesce(s.created_at, ${missing}::timestamptz)`
    : sql`coalesce(s.created_at, ${missing})`;

  return sql<UserRow>`select ${address} as email, s.created_at, s.confirmed_at,
    w.email as whitelisted_email, u.uid, u.registered_at,
    ${activity} as activity, ${createdKey} as created_key
    from ${from} ${sql.join(joins, sql` `)}
    where ${allOf(conditions)}`;
}

/** The keys of the users list's order; the address, unique, ends each. */
function userOrderKeys(filter: ListFilter): OrderKey[] {
  const direction = orderOf(filter);
  if (filter.sort === 'email') return [{ name: 'email', direction }];
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
): Promise<{ rows: UserRow[]; total: number }> {
  const keys = userOrderKeys(page);
  const { rows } = await sql<UserRow>`select * from (${filteredUsers(db, page)}) as q
    order by ${orderByKeys(keys, 'q')} limit ${page.limit} offset ${page.offset}`.execute(db);
  const total = totalShownByPage(page, rows.length) ?? (await countFilteredUsers(db, page));
  return { rows, total };
}

/** Addresses the filter keeps. */
export async function countFilteredUsers(
  db: Kysely<Database>,
  filter: ListFilter,
): Promise<number> {
  const { rows } = await sql<{
    count: number | string;
  }>`select count(*) as count from (${filteredUsers(db, filter)}) as q`.execute(db);
  return Number(rows[0]?.count ?? 0);
}

/** Every address the filter keeps, in the list's order, one keyset-paged query per batch. */
export async function* userBatches(
  db: Kysely<Database>,
  filter: ListFilter,
  batchSize: number,
): AsyncGenerator<UserRow[]> {
  const keys = userOrderKeys(filter);
  let after: unknown[] | undefined;
  for (;;) {
    const { rows } = await sql<
      UserRow & Record<string, unknown>
    >`select * from (${filteredUsers(db, filter)}) as q
      where ${after ? afterKeys(keys, after, 'q') : sql`true`}
      order by ${orderByKeys(keys, 'q')} limit ${batchSize}`.execute(db);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    const last = rows.at(-1)!;
    after = keys.map((key) => last[key.name]);
  }
}
