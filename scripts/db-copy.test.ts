import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Migrator, type Migration } from 'kysely/migration';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import * as signups from '../src/server/db/migrations/0001-signups.ts';
import * as admin from '../src/server/db/migrations/0002-admin.ts';
import { testDatabaseKinds } from '../src/server/test/databases.ts';
import {
  createFreshPostgresDatabase,
  type FreshPostgresDatabase,
} from '../src/server/test/postgres-database.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const COPY = join(ROOT, 'scripts/db-copy.ts');
const SEED = join(ROOT, 'src/server/seed-cli.ts');
const MANY_SIGNUPS = 100_000;

// The source is always SQLite; the copy needs a PostgreSQL server to copy into.
const hasPostgres = (await testDatabaseKinds()).some((kind) => kind.name === 'postgres');

type Row = Record<string, unknown>;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(script: string, env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [script],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Tables the target's triggers fill from the copied signups, with the column they count in. */
const COUNTED_BY_TRIGGERS: Record<string, string> = {
  signup_tally: 'signups',
  line_buckets: 'people',
};

const AT = '2025-03-04T05:06:07.891Z';
const LATER = '2025-03-05T00:00:00.001Z';

/**
 * One row or more for every table, nullable columns both filled and empty. Keyed by name rather
 * than typed, so a table a newer migration adds is filled as soon as it exists.
 */
const FIXTURES: Record<string, Row[]> = {
  address_problems: [
    { email: 'x@evil.test,victim@example.com', reason: 'not-one-mailbox', found_at: AT },
  ],
  admin_sessions: [
    {
      token_hash: 'hash-1',
      uid: 'uid-1',
      email: 'admin@reelscore.local',
      display_name: 'Admin',
      photo_url: null,
      created_at: AT,
      last_seen_at: LATER,
      expires_at: LATER,
      revoked_at: null,
    },
    {
      token_hash: 'hash-2',
      uid: 'uid-2',
      email: 'admin@reelscore.local',
      display_name: 'Admin Two',
      photo_url: 'https://example.com/a.png',
      created_at: AT,
      last_seen_at: AT,
      expires_at: LATER,
      revoked_at: LATER,
    },
  ],
  api_tokens: [
    {
      id: 'token-1',
      name: 'nightly export',
      token_hash: 'token-hash-1',
      prefix_hint: 'rs_…abcd',
      scope: 'read',
      created_by: 'admin@reelscore.local',
      created_at: AT,
      last_used_at: LATER,
      expires_at: null,
      revoked_at: null,
    },
  ],
  auth_transactions: [
    { id_hash: 'tx-1', state: 'state', nonce: 'nonce', code_verifier: 'verifier', expires_at: AT },
  ],
  caught_mail: [
    {
      id: 'caught-1',
      to_address: 'a@example.com',
      subject: 'Confirm',
      text: 'line one\nline two – ünïcode',
      message_id: null,
      received_at: AT,
    },
  ],
  email_suppressions: [{ address_hash: 'suppressed-hash', reason: 'erasure', created_at: AT }],
  email_unsubscribes: [{ email: 'gone@example.com', unsubscribed_at: AT }],
  mail_outbox: [
    {
      id: 'outbox-1',
      to_address: 'a@example.com',
      template: 'confirm',
      message_id: null,
      params: '{"link":"https://reelscore.app/c"}',
      status: 'sending',
      attempts: 3,
      rounds: 1,
      max_rounds: 6,
      next_attempt_at: AT,
      lease_until: LATER,
      leased_by: 'instance-1',
      last_error: null,
      failure_message: null,
      smtp_response: null,
      requested_by: 'signup',
      dedupe_key: 'confirm:a@example.com',
      created_at: AT,
      finished_at: null,
    },
  ],
  invite_waves: [
    {
      id: 'wave-1',
      kind: 'invite',
      requested_count: 200,
      type: 'CLOSED_ALPHA',
      source: null,
      days: null,
      created_by: 'admin@reelscore.local',
      created_at: AT,
    },
  ],
  wave_members: [{ wave_id: 'wave-1', email: 'a@example.com', outbox_id: 'outbox-1' }],
  webhook_endpoints: [
    {
      id: 'whe_1',
      url: 'https://hooks.example/reelscore',
      secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0',
      events: '["signup.created","whitelist.added"]',
      origin: 'dashboard',
      description: 'CRM – sync',
      created_by: 'admin@reelscore.local',
      created_at: AT,
      disabled_at: null,
    },
  ],
  webhook_deliveries: [
    {
      id: 'msg_1',
      endpoint_id: 'whe_1',
      event_type: 'signup.created',
      subject: 'a@example.com',
      payload: '{"type":"signup.created","data":{"email":"a@example.com"}}',
      status: 'queued',
      attempts: 2,
      next_attempt_at: LATER,
      lease_until: null,
      leased_by: null,
      last_status: 503,
      last_error: 'The receiver answered 503.',
      last_attempt_at: AT,
      created_at: AT,
      finished_at: null,
    },
  ],
  oidc_payloads: [
    {
      kind: 'Session',
      id: 'session-1',
      payload: '{"accountId":"admin"}',
      grant_id: 'grant-1',
      user_code: null,
      uid: 'uid-1',
      expires_at: LATER,
      consumed_at: null,
    },
  ],
};

async function seededSource(path: string): Promise<void> {
  const seeded = await run(SEED, { SQLITE_PATH: path });
  expect(seeded.code, seeded.stderr).toBe(0);
  const tables = sqliteTables(path);
  const db = new SQLite(path);
  try {
    for (const [table, rows] of Object.entries(FIXTURES)) {
      if (!tables.includes(table)) continue;
      const columns = Object.keys(rows[0]!);
      const insert = db.prepare(
        `insert into "${table}" (${columns.join(', ')}) values (${columns.map((c) => `@${c}`).join(', ')})`,
      );
      for (const row of rows) insert.run(row);
    }
  } finally {
    db.close();
  }
}

function sqliteTables(path: string): string[] {
  const db = new SQLite(path, { readonly: true });
  try {
    return db
      .prepare(
        `select name from sqlite_master where type = 'table' and name not like 'sqlite_%' ` +
          `and name not like 'kysely_%' order by name`,
      )
      .pluck()
      .all()
      .map(String);
  } finally {
    db.close();
  }
}

function sqliteRows(path: string, table: string): Row[] {
  const db = new SQLite(path, { readonly: true });
  try {
    return db.prepare(`select * from "${table}"`).all() as Row[];
  } finally {
    db.close();
  }
}

async function postgresRows(url: string, table: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Row>(`select * from "${table}"`)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Rows as comparable text, in one order: a PostgreSQL timestamp and its SQLite text compare as
 * instants, so a copy that shifted a time zone or dropped milliseconds shows; a bigint and its
 * SQLite integer compare as numbers written out.
 */
function comparable(sqliteSide: Row[], postgresSide: Row[]): { sqlite: string[]; pg: string[] } {
  // A value of each column as PostgreSQL gives it (the first row may hold null there).
  const example: Row = {};
  for (const row of postgresSide) {
    for (const [column, value] of Object.entries(row)) {
      if (example[column] == null) example[column] = value;
    }
  }
  const asText = (row: Row, fromSqlite: boolean) =>
    JSON.stringify(
      Object.keys(row)
        .sort()
        .map((column) => {
          const value = row[column];
          if (value === null) return [column, null];
          if (value instanceof Date) return [column, value.toISOString()];
          if (fromSqlite && example[column] instanceof Date) {
            return [column, new Date(value as string).toISOString()];
          }
          // node-postgres reads a bigint as text.
          if (fromSqlite && typeof value === 'number' && typeof example[column] === 'string') {
            return [column, String(value)];
          }
          return [column, value];
        }),
    );
  return {
    sqlite: sqliteSide.map((row) => asText(row, true)).sort(),
    pg: postgresSide.map((row) => asText(row, false)).sort(),
  };
}

describe.skipIf(!hasPostgres)('npm run db:copy', () => {
  let dir: string;
  let target: FreshPostgresDatabase;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'reelscore-copy-'));
    target = await createFreshPostgresDatabase({ prefix: 'reelscore_copy' });
  });

  afterEach(async () => {
    rmSync(dir, { recursive: true, force: true });
    await target.drop();
  });

  it('copies the demo data and a row of every table with ids and timestamps intact', async () => {
    const path = join(dir, 'source.db');
    await seededSource(path);
    const tables = sqliteTables(path);
    for (const table of tables) {
      expect(sqliteRows(path, table).length, `no fixture row in ${table}`).toBeGreaterThan(0);
    }

    const copied = await run(COPY, { SQLITE_PATH: path, DATABASE_URL: target.url });
    expect(copied.code, copied.stderr).toBe(0);
    expect(copied.stdout).toMatch(/^signups: (\d+)\/\1 rows \([\d,]+ rows\/s\)$/m);

    for (const table of tables) {
      // Counts kept by triggers: SQLite keeps a row whose count went back to 0 (a signup that
      // confirmed moved from one tally row to another), PostgreSQL never makes one.
      const counted = COUNTED_BY_TRIGGERS[table];
      const source = sqliteRows(path, table).filter(
        (row) => counted === undefined || Number(row[counted]) !== 0,
      );
      const rows = comparable(source, await postgresRows(target.url, table));
      expect(rows.pg, table).toEqual(rows.sqlite);
    }
    const [session] = await postgresRows(target.url, 'admin_sessions');
    expect(session?.created_at).toEqual(new Date(AT));
  });

  it('copies 100,000 signups in batches', { timeout: 180_000 }, async () => {
    const path = join(dir, 'many.db');
    const handle = openDatabase({ kind: 'sqlite', path });
    await migrateToLatest(handle.db);
    await handle.close();
    const db = new SQLite(path);
    const insert = db.prepare(
      `insert into signups (id, email, program, source, created_at, last_signup_at, signup_count)
       values (?, ?, 'CLOSED_ALPHA', 'general', ?, ?, ?)`,
    );
    const start = Date.UTC(2025, 0, 1);
    db.transaction(() => {
      for (let n = 0; n < MANY_SIGNUPS; n++) {
        const at = new Date(start + n * 1000).toISOString();
        insert.run(`id-${n}`, `person${n}@example.com`, at, at, 1 + (n % 3));
      }
    })();
    db.close();

    const started = performance.now();
    const copied = await run(COPY, { SQLITE_PATH: path, DATABASE_URL: target.url });
    const seconds = (performance.now() - started) / 1000;
    expect(copied.code, copied.stderr).toBe(0);
    const rate = /^signups: \d+\/\d+ rows \(([\d,]+ rows\/s)\)$/m.exec(copied.stdout)?.[1];
    console.log(
      `db:copy of ${MANY_SIGNUPS} signups took ${seconds.toFixed(1)} s (signups ${rate})`,
    );

    const [counts] = await target.query<{ rows: string; latest: Date; repeats: string }>(
      `select count(*) as rows, max(created_at) as latest, sum(signup_count) as repeats
       from signups`,
    );
    expect(Number(counts?.rows)).toBe(MANY_SIGNUPS);
    expect(counts?.latest).toEqual(new Date(start + (MANY_SIGNUPS - 1) * 1000));
    const repeats = Array.from({ length: MANY_SIGNUPS }, (_, n) => 1 + (n % 3));
    expect(Number(counts?.repeats)).toBe(repeats.reduce((sum, count) => sum + count, 0));
    expect(copied.stdout).toContain(`signups: ${MANY_SIGNUPS}/${MANY_SIGNUPS} rows`);
  });

  it('refuses a target that holds rows and leaves it as it was', async () => {
    const path = join(dir, 'source.db');
    await seededSource(path);
    const existing = openDatabase({ kind: 'postgres', url: target.url, poolSize: 1 });
    await migrateToLatest(existing.db);
    await existing.db
      .insertInto('whitelist')
      .values({ email: 'kept@example.com', added_at: AT, added_by: 'admin@reelscore.local' })
      .execute();
    await existing.close();

    const copied = await run(COPY, { SQLITE_PATH: path, DATABASE_URL: target.url });
    expect(copied.code).toBe(1);
    expect(copied.stderr.trim()).toBe(
      'db:copy refused: the PostgreSQL database is not empty (table whitelist has rows); ' +
        'db:copy fills only an empty database',
    );
    for (const table of sqliteTables(path)) {
      const rows = await postgresRows(target.url, table);
      expect(rows.length, table).toBe(table === 'whitelist' ? 1 : 0);
    }
  });

  it('refuses a source that is behind the latest migration, touching nothing', async () => {
    const path = join(dir, 'old.db');
    const handle = openDatabase({ kind: 'sqlite', path });
    const early: Record<string, Migration> = { '0001-signups': signups, '0002-admin': admin };
    const migrated = await new Migrator({
      db: handle.db,
      provider: { getMigrations: () => Promise.resolve(early) },
    }).migrateToLatest();
    expect(migrated.error).toBeUndefined();
    await handle.close();

    const copied = await run(COPY, { SQLITE_PATH: path, DATABASE_URL: target.url });
    expect(copied.code).toBe(1);
    expect(copied.stderr).toMatch(
      /^db:copy refused: the SQLite database is behind \(missing 0003-admin-search, .*\); run `npm run db:migrate` with SQLITE_PATH set first\n$/,
    );
    expect(
      await target.query(`select 1 from information_schema.tables where table_schema = 'public'`),
    ).toEqual([]);
  });

  it('refuses a source that a newer version migrated', async () => {
    const path = join(dir, 'newer.db');
    const handle = openDatabase({ kind: 'sqlite', path });
    await migrateToLatest(handle.db);
    await handle.close();
    const db = new SQLite(path);
    db.prepare(`insert into kysely_migration (name, timestamp) values ('9999-future', ?)`).run(AT);
    db.close();

    const copied = await run(COPY, { SQLITE_PATH: path, DATABASE_URL: target.url });
    expect(copied.code).toBe(1);
    expect(copied.stderr).toContain('migrations this version does not know (9999-future)');
  });
});
