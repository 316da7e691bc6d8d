import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type {
  BooleanFilter,
  ConfirmationFilter,
  ListOrder,
  ListProduct,
  ListSort,
} from '../../../contract/admin.ts';
import { isPostgres } from '../../db/column-types.ts';
import type { Database } from '../../db/schema.ts';
import { containsPattern, emailMatches } from './email-search.ts';

/**
 * What narrows and orders a list (contract/admin.ts, decision 0023): the lists, their CSV
 * exports and every "all matching" selection read the same filter, so they agree row for row.
 */
export interface ListFilter {
  search?: string | undefined;
  confirmation?: ConfirmationFilter | undefined;
  whitelisted?: BooleanFilter | undefined;
  registered?: BooleanFilter | undefined;
  type?: string | undefined;
  source?: string | undefined;
  /** `YYYY-MM-DD`: signups made on this UTC day or later. */
  from?: string | undefined;
  /** `YYYY-MM-DD`: signups made on this UTC day or earlier. */
  to?: string | undefined;
  /** People waiting in line (confirmed, not on the whitelist), or not. */
  waiting?: BooleanFilter | undefined;
  /** People who want this product first. */
  product?: ListProduct | undefined;
  /** People with a credited referral, or without one. */
  referrer?: BooleanFilter | undefined;
  sort?: ListSort | undefined;
  order?: ListOrder | undefined;
}

const DAY_MS = 86_400_000;

/** The first instant of a UTC day, as the ISO text both databases compare timestamps with. */
export function startOfDay(day: string): string {
  return new Date(`${day}T00:00:00.000Z`).toISOString();
}

/** The first instant after a UTC day. */
export function endOfDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + DAY_MS).toISOString();
}

/** The direction a sort takes without `order`: newest first for dates, A to Z for addresses. */
export function orderOf(filter: ListFilter): ListOrder {
  return filter.order ?? (filter.sort === 'email' || filter.sort === 'place' ? 'asc' : 'desc');
}

/** Whether the filter narrows to addresses with a signup (a condition on the signup row). */
export function hasSignupCondition(filter: ListFilter): boolean {
  return Boolean(
    filter.confirmation ||
    filter.type ||
    filter.source ||
    filter.from ||
    filter.to ||
    filter.waiting ||
    filter.product ||
    filter.referrer ||
    filter.sort === 'place' ||
    filter.sort === 'referrals',
  );
}

/** True (no condition) when nothing is given; `and` of all otherwise. */
export function allOf(conditions: Expression<SqlBool>[]): RawBuilder<SqlBool> {
  return conditions.length === 0
    ? sql<SqlBool>`true`
    : sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
}

/** `address` is (or is not) a row of `table`: one index probe each. */
export function presentIn(
  table: 'whitelist' | 'app_users',
  address: Expression<string>,
  present: boolean,
): RawBuilder<SqlBool> {
  const probe = sql`select 1 from ${sql.table(table)} as present where present.email = ${address}`;
  return present ? sql<SqlBool>`exists (${probe})` : sql<SqlBool>`not exists (${probe})`;
}

/** The conditions on the columns of one signup row (aliased `alias`). */
export function signupRowConditions(alias: string, filter: ListFilter): Expression<SqlBool>[] {
  const column = (name: string) => sql.ref<string>(`${alias}.${name}`);
  const conditions: Expression<SqlBool>[] = [];
  const pattern = containsPattern(filter.search);
  if (pattern !== undefined) conditions.push(emailMatches(column('email'), pattern));
  if (filter.confirmation === 'confirmed')
    conditions.push(sql`${column('confirmed_at')} is not null`);
  if (filter.confirmation === 'pending') conditions.push(sql`${column('confirmed_at')} is null`);
  if (filter.type) conditions.push(sql`${column('program')} = ${filter.type}`);
  if (filter.source) conditions.push(sql`${column('source')} = ${filter.source}`);
  if (filter.from) conditions.push(sql`${column('created_at')} >= ${startOfDay(filter.from)}`);
  if (filter.to) conditions.push(sql`${column('created_at')} < ${endOfDay(filter.to)}`);
  // Sorted by place, the list is the line: only people waiting have a place.
  if (filter.waiting === 'true' || filter.sort === 'place')
    conditions.push(sql`${column('line_key')} is not null`);
  if (filter.waiting === 'false') conditions.push(sql`${column('line_key')} is null`);
  // Sorted by referrals, the list is the people who brought friends (the referrers' index).
  if (filter.sort === 'referrals') conditions.push(sql`${column('referrals_credited')} > 0`);
  if (filter.product) {
    conditions.push(sql`(',' || ${column('wants')} || ',') like ${`%,${filter.product},%`}`);
  }
  if (filter.referrer) {
    const credited = sql`select 1 from referrals as credited
      where credited.owner_id = ${column('id')} and credited.status = 'credited'`;
    conditions.push(
      filter.referrer === 'true' ? sql`exists (${credited})` : sql`not exists (${credited})`,
    );
  }
  return conditions;
}

/** Every condition a signup (aliased `alias`) must meet, its whitelist and app state included. */
export function signupConditions(alias: string, filter: ListFilter): Expression<SqlBool>[] {
  const address = sql.ref<string>(`${alias}.email`);
  const conditions = signupRowConditions(alias, filter);
  if (filter.whitelisted) {
    conditions.push(presentIn('whitelist', address, filter.whitelisted === 'true'));
  }
  if (filter.registered) {
    conditions.push(presentIn('app_users', address, filter.registered === 'true'));
  }
  return conditions;
}

/** One key of an order: an expression (selected as `name`) and its direction. */
export interface OrderKey {
  name: string;
  direction: ListOrder;
}

/** `order by` for keys selected under their names. */
export function orderByKeys(keys: OrderKey[], table?: string): RawBuilder<unknown> {
  return sql.join(
    keys.map(
      (key) => sql`${sql.ref(table ? `${table}.${key.name}` : key.name)} ${sql.raw(key.direction)}`,
    ),
    sql`, `,
  );
}

/**
 * Rows after `values` in the order of `keys` (keyset paging): the first key beyond its value,
 * or equal and the next beyond, and so on. The last key must be unique. The first key's bound
 * is also given on its own (`<=` or `>=`), so a database starts the index scan there instead of
 * filtering every row before it (each batch would read the list from its start).
 */
export function afterKeys(
  keys: OrderKey[],
  values: unknown[],
  table?: string,
): RawBuilder<SqlBool> {
  const ref = (key: OrderKey) => sql.ref(table ? `${table}.${key.name}` : key.name);
  const beyond = (key: OrderKey, value: unknown) =>
    key.direction === 'asc' ? sql`${ref(key)} > ${value}` : sql`${ref(key)} < ${value}`;
  const alternatives = keys.map((key, index) => {
    const equal = keys.slice(0, index).map((earlier, at) => sql`${ref(earlier)} = ${values[at]}`);
    return sql`(${sql.join([...equal, beyond(key, values[index])], sql` and `)})`;
  });
  const [first] = keys;
  const bound =
    first!.direction === 'asc'
      ? sql`${ref(first!)} >= ${values[0]}`
      : sql`${ref(first!)} <= ${values[0]}`;
  return sql<SqlBool>`(${bound} and (${sql.join(alternatives, sql` or `)}))`;
}

/** The order keys of the signups list: signup date then id, or the address. */
export function signupOrderKeys(filter: ListFilter): OrderKey[] {
  const direction = orderOf(filter);
  if (filter.sort === 'place') {
    // The line's order (LINE_ORDER): key ascending, then ticket descending.
    return [
      { name: 'line_key', direction },
      { name: 'ticket', direction: direction === 'asc' ? 'desc' : 'asc' },
    ];
  }
  if (filter.sort === 'referrals') {
    // Most credited referrals first (or fewest), then by signup time, as the referrers' index.
    return [
      { name: 'referrals_credited', direction },
      { name: 'created_at', direction },
      { name: 'id', direction },
    ];
  }
  return filter.sort === 'email'
    ? [{ name: 'email', direction }]
    : [
        { name: 'created_at', direction },
        { name: 'id', direction },
      ];
}

/**
 * A value no signup time reaches, for addresses without a signup when sorting by signup date:
 * they come last in either direction.
 */
export function missingTimeLast(db: Kysely<Database>, direction: ListOrder): RawBuilder<unknown> {
  if (isPostgres(db)) {
    return direction === 'desc' ? sql`'-infinity'::timestamptz` : sql`'infinity'::timestamptz`;
  }
  return direction === 'desc' ? sql`''` : sql`'~'`;
}
