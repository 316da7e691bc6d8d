import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { ConfirmationFilter } from '../../../contract/admin.ts';
import { toDate, type Database, type Timestamp } from '../../db/schema.ts';
import { csvCellSql, csvLineSql, inlineParameters } from './csv-sql.ts';
import { containsPattern, emailMatches } from '../../platform/lists/email-search.ts';
import {
  afterKeys,
  allOf,
  orderByKeys,
  presentIn,
  signupConditions,
  signupOrderKeys,
  signupRowConditions,
  type ListFilter,
} from '../../platform/lists/list-filter.ts';
import {
  countUpToLimit,
  exactTotal,
  totalOfPage,
  type ListPage,
  type ListTotal,
} from '../../platform/lists/list-page.ts';
import { countFromTally, tallyAnswers } from '../../platform/lists/signup-tally.ts';
import { placesOf } from '../../platform/line/places.ts';
import { waitingCount } from '../../platform/line/line.ts';
import { productsOf, type Product } from '../../platform/line/products.ts';

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
  /** Place in line; undefined when the person does not wait. */
  place: number | undefined;
  /** Credited referrals. */
  referrals: number;
  products: Product[];
}

/** The signups a filter keeps, with their whitelist and app rows joined. */
function filteredSignups(db: Kysely<Database>, filter: ListFilter) {
  return db
    .selectFrom('signups as s')
    .leftJoin('whitelist as w', 'w.email', 's.email')
    .leftJoin('app_users as u', 'u.email', 's.email')
    .where(allOf(signupConditions('s', filter)));
}

/** The columns of a signup list row, with its whitelist and app state. */
function signupRows(db: Kysely<Database>, filter: ListFilter) {
  return filteredSignups(db, filter).select([
    's.id',
    's.email',
    's.program',
    's.source',
    's.created_at',
    's.last_signup_at',
    's.signup_count',
    's.confirmed_at',
    's.line_key',
    's.ticket',
    's.wants',
    's.referrals_credited',
    'u.registered_at',
    'w.email as whitelisted_email',
  ]);
}

type SignupRow = Awaited<ReturnType<ReturnType<typeof signupRows>['execute']>>[number];

function toItem(row: SignupRow, place: number | undefined): SignupListItem {
  return {
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
    place,
    referrals: Number(row.referrals_credited),
    products: productsOf(row.wants),
  };
}

/** The rows with their places in line, found for the waiting ones in one go (placesOf). */
async function withPlaces(db: Kysely<Database>, rows: SignupRow[]): Promise<SignupListItem[]> {
  const waiting = rows.filter((row) => row.line_key !== null && row.ticket !== null);
  const places = await placesOf(
    db,
    waiting.map((row) => ({ key: Number(row.line_key), ticket: Number(row.ticket) })),
  );
  const placeOf = new Map(waiting.map((row, index) => [row.id, places[index]]));
  return rows.map((row) => toItem(row, placeOf.get(row.id)));
}

/**
 * One page of signups, newest first unless the filter sorts otherwise, with whether each
 * address is whitelisted and when it registered in the app, how often and when last it signed
 * up, whether the person confirmed it, and how many signups match in all (every filter).
 */
export async function listSignups(
  db: Kysely<Database>,
  page: ListPage & ListFilter,
): Promise<{ items: SignupListItem[]; total: ListTotal }> {
  const rows = await signupRows(db, page)
    .orderBy(orderByKeys(signupOrderKeys(page), 's'))
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const total = await totalOfPage(page, rows.length, () => signupsTotal(db, page));
  return { total, items: await withPlaces(db, rows) };
}

/**
 * How many signups the filter keeps: exactly without a search (the tally, and the whitelist or
 * app rows), up to SEARCH_COUNT_LIMIT with one.
 */
export async function signupsTotal(db: Kysely<Database>, filter: ListFilter): Promise<ListTotal> {
  if (containsPattern(filter.search) === undefined)
    return exactTotal(await countSignups(db, filter));
  return countUpToLimit(
    db,
    db
      .selectFrom('signups as s')
      .select(sql<number>`1`.as('one'))
      .where(allOf(signupConditions('s', filter))),
  );
}

/** Every signup the filter keeps, in the list's order, batch after batch (the CSV export). */
export async function* signupBatches(
  db: Kysely<Database>,
  filter: ListFilter,
  batchSize: number,
): AsyncGenerator<SignupListItem[]> {
  const page = (after: Expression<SqlBool>, order: Expression<unknown>) =>
    signupRows(db, filter).where(after).orderBy(order).limit(batchSize).execute();
  for await (const rows of keysetBatches(filter, batchSize, page)) yield await withPlaces(db, rows);
}

/**
 * `COPY` of the signups the filter keeps, in the list's order, as CSV lines PostgreSQL builds
 * itself (`signupCsvLine`): the service passes the database's output on without a row object,
 * date or cell per signup, so the export of a million signups streams in flat memory and in
 * one statement (decision 0027). The lines equal what `csvLines` makes of the same rows.
 */
export function signupCsvCopy(db: Kysely<Database>, filter: ListFilter): string {
  // Places for the whole export at once: one pass over the people waiting, in line order.
  const places = db
    .selectFrom('signups as waiting')
    .select([
      'waiting.id',
      sql<number>`row_number() over (order by waiting.line_key asc, waiting.ticket desc)`.as(
        'place',
      ),
    ])
    .where('waiting.line_key', 'is not', null)
    .as('p');
  const query = filteredSignups(db, filter)
    .leftJoin(places, 'p.id', 's.id')
    .select(signupCsvLine().as('csv_line'))
    .orderBy(orderByKeys(signupOrderKeys(filter), 's'));
  return `copy (${inlineParameters(query.compile())}) to stdout`;
}

/**
 * Pages of the list in its order, batch after batch: each is one keyset-paged query that starts
 * after the last row of the one before (the rows carry the order keys), so memory holds one
 * batch whatever the size of the list.
 */
async function* keysetBatches<Row extends object>(
  filter: ListFilter,
  batchSize: number,
  page: (after: Expression<SqlBool>, order: Expression<unknown>) => Promise<Row[]>,
): AsyncGenerator<Row[]> {
  const keys = signupOrderKeys(filter);
  const order = orderByKeys(keys, 's');
  let after: Expression<SqlBool> = sql<SqlBool>`true`;
  for (;;) {
    const rows = await page(after, order);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    const last = rows.at(-1) as Record<string, unknown>;
    after = afterKeys(
      keys,
      keys.map((key) => last[key.name]),
      's',
    );
  }
}

/**
 * Signups the filter keeps (all of them without one). Whitelisted and registered addresses are
 * few beside the signups, so "not whitelisted" (or "not registered") is counted as all minus
 * those that are, by inclusion and exclusion: each count then reads the signups' own index
 * once, or walks the small table and joins, instead of probing it for every signup.
 */
export async function countSignups(db: Kysely<Database>, filter: ListFilter): Promise<number> {
  const negated = (['whitelisted', 'registered'] as const).filter((key) => filter[key] === 'false');
  const terms = negated.reduce<{ sign: number; filter: ListFilter }[]>(
    (sum, key) =>
      sum.flatMap((term) => [
        { sign: term.sign, filter: { ...term.filter, [key]: undefined } },
        { sign: -term.sign, filter: { ...term.filter, [key]: 'true' as const } },
      ]),
    [{ sign: 1, filter }],
  );
  const counts = await Promise.all(terms.map((term) => countPresent(db, term.filter)));
  return terms.reduce((total, term, index) => total + term.sign * counts[index]!, 0);
}

/** Signups the filter keeps, where `whitelisted` and `registered` are `true` or not given. */
async function countPresent(db: Kysely<Database>, filter: ListFilter): Promise<number> {
  if (tallyAnswers(filter)) return countFromTally(db, filter);
  if (onlyTheLine(filter)) return waitingCount(db);
  const rowConditions = allOf(signupRowConditions('s', filter));
  let query = db.selectFrom('signups as s');
  if (filter.whitelisted === 'true') {
    query = db.selectFrom('whitelist as w').innerJoin('signups as s', 's.email', 'w.email');
  } else if (filter.registered === 'true') {
    query = db.selectFrom('app_users as u').innerJoin('signups as s', 's.email', 'u.email');
  }
  // From the whitelist, a registration condition is left to check.
  const remaining =
    filter.whitelisted === 'true' && filter.registered === 'true'
      ? [presentIn('app_users', sql.ref<string>('s.email'), true)]
      : [];
  const row = await query
    .select((eb) => eb.fn.countAll().as('count'))
    .where(rowConditions)
    .where(allOf(remaining))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The whole line and nothing else: its bucket counts know how many wait (no count of rows). */
function onlyTheLine(filter: ListFilter): boolean {
  return (
    (filter.waiting === 'true' || filter.sort === 'place') &&
    filter.waiting !== 'false' &&
    !filter.search?.trim() &&
    !hasOtherCondition(filter)
  );
}

function hasOtherCondition(filter: ListFilter): boolean {
  return Boolean(
    filter.confirmation ||
    filter.type ||
    filter.source ||
    filter.from ||
    filter.to ||
    filter.product ||
    filter.referrer ||
    filter.whitelisted ||
    filter.registered,
  );
}

/**
 * Signups whose address matches the pattern and the filter (all of them without either): from
 * the tally without a pattern, up to SEARCH_COUNT_LIMIT with one.
 */
export async function countSignupsMatching(
  db: Kysely<Database>,
  pattern: string | undefined,
  confirmation?: ConfirmationFilter,
): Promise<ListTotal> {
  if (pattern === undefined) return exactTotal(await countFromTally(db, { confirmation }));
  return countUpToLimit(
    db,
    db
      .selectFrom('signups')
      .select(sql<number>`1`.as('one'))
      .where((eb) => emailMatches(eb.ref('email'), pattern))
      .where((eb) => confirmationMatches(eb.ref('confirmed_at'), confirmation)),
  );
}

/** A signup export line (SIGNUP_CSV_COLUMNS) as PostgreSQL builds it from the joined row. */
function signupCsvLine() {
  const ref = (name: string) => sql.ref(name);
  return csvLineSql([
    csvCellSql.text(ref('s.id')),
    csvCellSql.text(ref('s.email')),
    csvCellSql.text(ref('s.program')),
    csvCellSql.text(ref('s.source')),
    csvCellSql.time(ref('s.created_at')),
    csvCellSql.time(ref('s.confirmed_at')),
    csvCellSql.flag(sql`${ref('w.email')} is not null`),
    csvCellSql.time(ref('u.registered_at')),
    csvCellSql.time(sql`coalesce(${ref('s.last_signup_at')}, ${ref('s.created_at')})`),
    csvCellSql.text(sql`${ref('s.signup_count')}::text`),
    csvCellSql.text(sql`${ref('p.place')}::text`),
    csvCellSql.text(sql`${ref('s.referrals_credited')}::text`),
    csvCellSql.text(sql`nullif(${ref('s.wants')}, '')`),
  ]);
}
