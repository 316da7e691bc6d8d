import { existsSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { envSchema } from '../src/server/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { foldLineBuckets } from '../src/server/platform/line/line.ts';
import { foldSignupTally } from '../src/server/platform/lists/signup-tally.ts';

/**
 * `npm run db:copy`: copies every row of the SQLite file at SQLITE_PATH into the empty
 * PostgreSQL database at DATABASE_URL, keeping ids and timestamps, then checks the counts.
 * The source is read in one snapshot, so writes the service makes meanwhile are not copied.
 */

/** Kysely's own bookkeeping: the target gets its own by migrating. */
const SKIPPED_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);
/**
 * Kept by the target's own triggers from the rows copied into `signups` (migrations 0017, 0021):
 * not copied, but folded, then checked by what they count (a row that counts nothing, left
 * where SQLite's triggers took a count to 0, is not made on PostgreSQL).
 */
const DERIVED_TABLES = new Map([
  ['signup_tally', 'signups'],
  ['line_buckets', 'people'],
]);
/**
 * Columns the target's triggers keep from rows of other tables (migration 0023: a signup's
 * credited referrals, counted as its referrals are copied after it): copied as 0, then checked
 * by their sum.
 */
const DERIVED_COLUMNS = new Map([['signups', 'referrals_credited']]);
const BATCH_ROWS = 1000;
/** PostgreSQL takes at most 65,535 parameters in one statement. */
const MAX_PARAMETERS = 60_000;
const PROGRESS_INTERVAL_MS = 1000;

/** A reason to stop that the operator can act on; printed as one line. */
class Refusal extends Error {}

// Rows of tables known only at run time.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
type Row = Record<string, unknown>;

interface TableCopy {
  name: string;
  rows: number;
  seconds: number;
  /** A derived table: checked by the sum of this column rather than its rows. */
  summed?: string;
}

function readSettings(): { sqlitePath: string; databaseUrl: string } {
  const present = Object.fromEntries(
    Object.entries(process.env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.pick({ SQLITE_PATH: true, DATABASE_URL: true }).safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Refusal(`invalid configuration (${problems.join('; ')})`);
  }
  const { SQLITE_PATH: sqlitePath, DATABASE_URL: databaseUrl } = result.data;
  if (!databaseUrl) throw new Refusal('set DATABASE_URL to the empty PostgreSQL database to fill');
  if (!existsSync(sqlitePath)) throw new Refusal(`no SQLite database at ${sqlitePath}`);
  return { sqlitePath, databaseUrl };
}

/** The migrations this version knows: the ones a new, empty database gets. */
async function knownMigrations(): Promise<string[]> {
  const scratch: AnyDb = new Kysely({
    dialect: new SqliteDialect({ database: new SQLite(':memory:') }),
  });
  try {
    const { results = [] } = await migrateToLatest(scratch);
    return results.map((result) => result.migrationName);
  } finally {
    await scratch.destroy();
  }
}

/** Copying rows between schemas of different versions would lose or misplace data. */
async function refuseSourceOfAnotherVersion(source: SQLite.Database): Promise<void> {
  const known = await knownMigrations();
  const hasTable = source
    .prepare(`select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'`)
    .get();
  const applied = hasTable
    ? source
        .prepare('select name from kysely_migration')
        .pluck()
        .all()
        .map((name) => String(name))
    : [];
  const missing = known.filter((name) => !applied.includes(name));
  const unknown = applied.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new Refusal(
      `the SQLite database has migrations this version does not know (${unknown.join(', ')}); ` +
        'run db:copy from the version that wrote it',
    );
  }
  if (missing.length > 0) {
    throw new Refusal(
      `the SQLite database is behind (missing ${missing.join(', ')}); ` +
        'run `npm run db:migrate` with SQLITE_PATH set first',
    );
  }
}

/** The tables to copy, each after the tables its foreign keys name (then by name). */
function sourceTables(source: SQLite.Database): string[] {
  const names = source
    .prepare(
      `select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`,
    )
    .pluck()
    .all()
    .map((name) => String(name))
    .filter((name) => !SKIPPED_TABLES.has(name));
  const ordered: string[] = [];
  const placed = new Set<string>();
  const place = (name: string, path: string[]) => {
    if (placed.has(name) || path.includes(name)) return;
    const referenced = source
      .prepare(`select "table" from pragma_foreign_key_list(?)`)
      .pluck()
      .all(name)
      .map(String);
    for (const other of referenced) if (names.includes(other)) place(other, [...path, name]);
    placed.add(name);
    ordered.push(name);
  };
  for (const name of names) place(name, []);
  return ordered;
}

/** Column name -> PostgreSQL data type of each table in the target's current schema. */
async function targetColumns(db: AnyDb): Promise<Map<string, Map<string, string>>> {
  const { rows } = await sql<{ table_name: string; column_name: string; data_type: string }>`
    select table_name, column_name, data_type from information_schema.columns
    where table_schema = current_schema()`.execute(db);
  const tables = new Map<string, Map<string, string>>();
  for (const { table_name, column_name, data_type } of rows) {
    const columns = tables.get(table_name) ?? new Map<string, string>();
    columns.set(column_name, data_type);
    tables.set(table_name, columns);
  }
  return tables;
}

/** Checked before migrating, so a refused target is left exactly as it was. */
async function refuseNonEmptyTarget(db: AnyDb, tables: string[]): Promise<void> {
  const existing = await targetColumns(db);
  for (const table of tables) {
    if (!existing.has(table)) continue;
    const { rows } = await sql<{ found: boolean }>`
      select exists (select 1 from ${sql.table(table)}) as found`.execute(db);
    if (rows[0]?.found) {
      throw new Refusal(
        `the PostgreSQL database is not empty (table ${table} has rows); ` +
          'db:copy fills only an empty database',
      );
    }
  }
}

/**
 * SQLite keeps instants as ISO 8601 text. Text without a zone is UTC, as SQLite's own date
 * functions write it; JavaScript would read it as local time.
 */
function toInstant(text: string, where: string): Date {
  const zoned = /(Z|[+-]\d\d:?\d\d)$/i.test(text) ? text : `${text.replace(' ', 'T')}Z`;
  const instant = new Date(zoned);
  if (Number.isNaN(instant.getTime())) throw new Error(`${where} holds no valid time: ${text}`);
  return instant;
}

function converter(table: string, types: Map<string, string>): (row: Row) => Row {
  const derived = DERIVED_COLUMNS.get(table);
  return (row) => {
    const converted: Row = {};
    for (const [column, value] of Object.entries(row)) {
      if (column === derived) {
        converted[column] = 0;
        continue;
      }
      const type = types.get(column);
      if (type === undefined) {
        throw new Error(`column ${table}.${column} does not exist in the PostgreSQL database`);
      }
      converted[column] =
        value === null
          ? null
          : type.startsWith('timestamp') && typeof value === 'string'
            ? toInstant(value, `${table}.${column}`)
            : type === 'boolean' && (typeof value === 'number' || typeof value === 'bigint')
              ? value !== 0 && value !== 0n
              : value;
    }
    return converted;
  };
}

function formatRate(rows: number, seconds: number): string {
  return `${Math.round(rows / Math.max(seconds, 0.001)).toLocaleString('en')} rows/s`;
}

async function copyTable(
  source: SQLite.Database,
  target: AnyDb,
  table: string,
  types: Map<string, string>,
): Promise<TableCopy> {
  const total = Number(source.prepare(`select count(*) from "${table}"`).pluck().get());
  const batchRows = Math.max(1, Math.min(BATCH_ROWS, Math.floor(MAX_PARAMETERS / types.size)));
  const convert = converter(table, types);
  const started = performance.now();
  let copied = 0;
  let reported = started;
  const report = () => {
    const seconds = (performance.now() - started) / 1000;
    console.log(`${table}: ${copied}/${total} rows (${formatRate(copied, seconds)})`);
  };

  let batch: Row[] = [];
  const flush = async () => {
    const rows = batch;
    batch = [];
    await target.transaction().execute((trx) => trx.insertInto(table).values(rows).execute());
    copied += rows.length;
    if (performance.now() - reported >= PROGRESS_INTERVAL_MS) {
      reported = performance.now();
      report();
    }
  };
  // rowid order: the order the rows were written in, and cheap to walk.
  for (const row of source.prepare(`select * from "${table}" order by rowid`).iterate()) {
    batch.push(convert(row as Row));
    if (batch.length === batchRows) await flush();
  }
  if (batch.length > 0) await flush();
  report();
  return { name: table, rows: copied, seconds: (performance.now() - started) / 1000 };
}

/** A table the target's triggers filled: as many rows as the source has, copied in no time. */
function derivedTable(source: SQLite.Database, table: string): TableCopy {
  const column = DERIVED_TABLES.get(table)!;
  const rows = Number(
    source.prepare(`select coalesce(sum("${column}"), 0) from "${table}"`).pluck().get(),
  );
  console.log(`${table}: counts ${rows}, kept from the copied signups`);
  return { name: table, rows, seconds: 0, summed: column };
}

async function verifyCounts(target: AnyDb, copies: TableCopy[]): Promise<void> {
  for (const { name, rows, summed } of copies) {
    const { rows: counted } = await sql<{ count: string }>`
      select ${summed ? sql`coalesce(sum(${sql.ref(summed)}), 0)` : sql`count(*)`} as count
      from ${sql.table(name)}`.execute(target);
    const found = Number(counted[0]?.count);
    if (found !== rows) {
      throw new Error(
        `table ${name} ${summed ? `counts ${found}` : `has ${found} rows`} after copying ${rows}`,
      );
    }
  }
}

/** Each derived column sums on the target to what it sums in the source. */
async function verifyDerivedColumns(source: SQLite.Database, target: AnyDb): Promise<void> {
  for (const [table, column] of DERIVED_COLUMNS) {
    const sum = `select coalesce(sum("${column}"), 0) as total from "${table}"`;
    const expected = Number(source.prepare(sum).pluck().get());
    const { rows } = await sql<{ total: string }>`${sql.raw(sum)}`.execute(target);
    const found = Number(rows[0]?.total);
    if (found !== expected) {
      throw new Error(`${table}.${column} sums to ${found} after copying, not ${expected}`);
    }
  }
}

async function copyAll(source: SQLite.Database, target: DatabaseHandle): Promise<TableCopy[]> {
  const db: AnyDb = target.db;
  const tables = sourceTables(source);
  await refuseNonEmptyTarget(db, tables);
  await migrateToLatest(db);
  const columns = await targetColumns(db);
  const notInTarget = tables.filter((table) => !columns.has(table));
  if (notInTarget.length > 0) {
    throw new Error(`tables missing in the PostgreSQL database: ${notInTarget.join(', ')}`);
  }

  // One read transaction: every table comes from the same moment, while the service writes on.
  source.exec('begin');
  try {
    const copies: TableCopy[] = [];
    for (const table of tables) {
      if (!DERIVED_TABLES.has(table)) {
        copies.push(await copyTable(source, db, table, columns.get(table)!));
      }
    }
    await foldSignupTally(target.db);
    await foldLineBuckets(target.db);
    // New signups take tickets after the copied ones.
    await sql`
      select setval('signups_ticket_seq', coalesce((select max(ticket) from signups), 0) + 1, false)`.execute(
      db,
    );
    for (const table of tables) {
      if (DERIVED_TABLES.has(table)) copies.push(derivedTable(source, table));
    }
    await verifyCounts(db, copies);
    await verifyDerivedColumns(source, db);
    return copies;
  } finally {
    source.exec('rollback');
  }
}

async function main(): Promise<void> {
  const { sqlitePath, databaseUrl } = readSettings();
  const source = new SQLite(sqlitePath, { fileMustExist: true });
  source.pragma('busy_timeout = 5000');
  try {
    await refuseSourceOfAnotherVersion(source);
    const target = openDatabase({ kind: 'postgres', url: databaseUrl, poolSize: 2 });
    try {
      const started = performance.now();
      const copies = await copyAll(source, target);
      const rows = copies.reduce((sum, copy) => sum + (copy.summed ? 0 : copy.rows), 0);
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `Copied ${rows} rows in ${copies.length} tables from ${sqlitePath} to PostgreSQL in ` +
          `${seconds.toFixed(1)} s (${formatRate(rows, seconds)}); every table's count matches.`,
      );
    } finally {
      await target.close();
    }
  } finally {
    source.close();
  }
}

try {
  await main();
} catch (error) {
  const message = (error instanceof Error ? error.message : String(error)).replace(
    /\s*\n\s*/g,
    ' ',
  );
  console.error(`db:copy ${error instanceof Refusal ? 'refused' : 'failed'}: ${message}`);
  process.exitCode = 1;
}
