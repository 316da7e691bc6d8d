import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { Insertable } from 'kysely';
import { PROGRAM_TYPES, SIGNUP_TYPES } from '../src/contract/signup-types.ts';
import { withTempSqlite } from './bench-databases.ts';
import { buildApp } from '../src/server/app.ts';
import {
  configFromEnv,
  LOCAL_ADMIN_EMAIL,
  parseEnv,
  type DatabaseConfig,
} from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import type { SignupsTable } from '../src/server/db/schema.ts';
import { createApiToken } from '../src/server/features/auth/api-token-repository.ts';
import { createFreshPostgresDatabase, queryOnce } from '../src/server/test/postgres-database.ts';
import { postgresReachable } from '../src/server/test/databases.ts';
import { startServiceProcess } from '../src/server/test/service-process.ts';
import { uuidV7 } from '../src/server/lib/uuid-v7.ts';

/**
 * The admin lists' filters, sorts, CSV export and import at scale (decision 0023):
 * - filtered and sorted list requests, one at a time as the dashboard sends them, over
 *   1,000,000 signups on PostgreSQL (a real service process) and 100,000 on SQLite: p95 per
 *   scenario, target <= 50 ms;
 * - the CSV export of all 1,000,000 signups from the service process: wall time and the peak
 *   growth of the service's resident memory while it streams (target <= 64 MB);
 * - the CSV import of 100,000 lines: wall time of the dry run and of the import.
 * Run alone: `node bench/admin-data.ts` (BENCH_PG_SIGNUPS, BENCH_SQLITE_SIGNUPS to scale;
 * BENCH_ONLY=sqlite|postgres, BENCH_PARTS=lists,export,import, BENCH_PG_DATABASE_URL to reuse a
 * seeded database).
 */
const PG_SIGNUPS = Number(process.env.BENCH_PG_SIGNUPS ?? 1_000_000);
const SQLITE_SIGNUPS = Number(process.env.BENCH_SQLITE_SIGNUPS ?? 100_000);
const IMPORT_LINES = 100_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const WARMUP = 5;
/** BENCH_PARTS=lists,export,import (all by default). */
const PARTS = new Set((process.env.BENCH_PARTS ?? 'lists,export,import').split(','));
const part = (name: string) => PARTS.has(name);
const TARGET_P95_MS = 50;
const TARGET_RSS_MB = 64;

const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

/** What an admin running an alpha asks the lists for. */
const SCENARIOS = [
  '/api/admin/signups',
  '/api/admin/signups?whitelisted=false',
  '/api/admin/signups?confirmation=confirmed&whitelisted=false',
  '/api/admin/signups?type=BETA',
  '/api/admin/signups?source=hero-top&sort=email',
  `/api/admin/signups?from=${day(-30)}&to=${day(-1)}`,
  '/api/admin/signups?search=maria&type=CLOSED_ALPHA',
  '/api/admin/signups?search=gmail&sort=created&order=asc',
  '/api/admin/signups?sort=email&order=desc&offset=500',
  '/api/admin/signups?registered=true',
  '/api/admin/users?whitelisted=true',
  '/api/admin/users?registered=true&sort=email',
  '/api/admin/users?type=OPEN_BETA&confirmation=pending&sort=created',
];

const FIRST = ['alex', 'sam', 'maria', 'li', 'noah', 'emma', 'omar', 'sofia', 'yuki', 'lars'];
const LAST = ['berg', 'chen', 'garcia', 'okafor', 'nilsson', 'rossi', 'kim', 'silva'];
const DOMAINS = ['gmail.com', 'outlook.com', 'icloud.com', 'proton.me', 'example.org'];

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1))]!;
}

async function measureLists(origin: string, headers: Record<string, string>, name: string) {
  const rows: string[][] = [];
  for (const path of SCENARIOS) {
    const send = async () => {
      const started = performance.now();
      const response = await fetch(`${origin}${path}`, { headers });
      const body = await response.text();
      if (response.status !== 200) throw new Error(`${path}: ${response.status} ${body}`);
      return performance.now() - started;
    };
    for (let n = 0; n < WARMUP; n++) await send();
    const timings: number[] = [];
    for (let n = 0; n < REQUESTS; n++) timings.push(await send());
    timings.sort((a, b) => a - b);
    const p95 = percentile(timings, 0.95);
    rows.push([
      `${name} ${path.replace('/api/admin/', '')}`,
      percentile(timings, 0.5).toFixed(1),
      p95.toFixed(1),
      p95 <= TARGET_P95_MS ? 'PASS' : 'MISS',
    ]);
  }
  printTable(['list request', 'p50 ms', 'p95 ms', 'target'], rows);
}

function printTable(header: string[], rows: string[][]) {
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => row[i]!.length)));
  for (const row of [header, ...rows]) {
    console.log(
      row
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
        .join('  '),
    );
  }
  console.log();
}

/** `lines` new addresses as the import takes them, one signup a minute. */
function importFile(lines: number, tag: string): string {
  const out = ['email,type,source,created_at'];
  const start = Date.now() - 400 * DAY_MS;
  for (let n = 0; n < lines; n++) {
    const at = new Date(start + n * 60_000).toISOString().slice(0, 10);
    out.push(`${tag}${n}@x.io,${PROGRAM_TYPES[n % 3]},${SIGNUP_TYPES[n % 2]},${at}`);
  }
  return out.join('\n');
}

async function measureImport(origin: string, headers: Record<string, string>, name: string) {
  const file = importFile(IMPORT_LINES, name.slice(0, 1).toLowerCase());
  const rows: string[][] = [];
  for (const dryRun of [true, false]) {
    const started = performance.now();
    const response = await fetch(`${origin}/api/admin/signups/import?dryRun=${dryRun}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/csv' },
      body: file,
    });
    const result = (await response.json()) as { created: number; known: number };
    const seconds = (performance.now() - started) / 1000;
    if (response.status !== 200 || result.created !== IMPORT_LINES) {
      throw new Error(`import (${name}): ${response.status} ${JSON.stringify(result)}`);
    }
    rows.push([
      `${name} import ${IMPORT_LINES.toLocaleString('en')} lines${dryRun ? ' (dry run)' : ''}`,
      `${(file.length / 1024 / 1024).toFixed(1)} MB`,
      seconds.toFixed(2),
    ]);
  }
  printTable(['CSV import', 'file', 'wall s'], rows);
}

/** Resident memory of a process, in bytes (Linux). */
function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0) * 1024;
}

async function measureExport(origin: string, headers: Record<string, string>, pid: number) {
  const baseline = rssOf(pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
  const started = performance.now();
  const response = await fetch(`${origin}/api/admin/signups/export`, { headers });
  let bytes = 0;
  let lines = 0;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    for (const byte of value) if (byte === 10) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssOf(pid));
  const growth = (peak - baseline) / 1024 / 1024;
  printTable(
    [
      'CSV export (service process)',
      'rows',
      'MB',
      'wall s',
      'RSS before MB',
      'peak growth MB',
      'target',
    ],
    [
      [
        `PostgreSQL signups/export`,
        String(lines - 1),
        (bytes / 1024 / 1024).toFixed(1),
        seconds.toFixed(2),
        (baseline / 1024 / 1024).toFixed(1),
        growth.toFixed(1),
        growth <= TARGET_RSS_MB ? 'PASS' : 'MISS',
      ],
    ],
  );
  if (lines - 1 !== PG_SIGNUPS) throw new Error(`export gave ${lines - 1} rows`);
}

/** 1,000,000 signups by generate_series: 60% confirmed, 5% whitelisted, 2% registered. */
const SEED_POSTGRES = (count: number) => `
  insert into signups (id, email, program, source, created_at, last_signup_at, signup_count, confirmed_at)
  select 'seed-' || lpad(g::text, 9, '0'),
    (array[${FIRST.map((name) => `'${name}'`).join(',')}])[1 + g % ${FIRST.length}] || '.' ||
      (array[${LAST.map((name) => `'${name}'`).join(',')}])[1 + (g / ${FIRST.length}) % ${LAST.length}] ||
      g || '@' || (array[${DOMAINS.map((name) => `'${name}'`).join(',')}])[1 + g % ${DOMAINS.length}],
    case when g % 100 < 85 then 'CLOSED_ALPHA' when g % 100 < 95 then 'BETA' else 'OPEN_BETA' end,
    (array[${SIGNUP_TYPES.map((name) => `'${name}'`).join(',')}])[1 + g % ${SIGNUP_TYPES.length}],
    t, t, 1, case when g % 10 < 6 then t + interval '1 hour' end
  from generate_series(1, ${count}) as g,
    lateral (select now() - interval '180 days' + g * (interval '180 days' / ${count}) as t) as at;
  insert into whitelist (email, added_at, added_by)
    select email, created_at + interval '2 days', 'bench' from signups where substr(id, 6)::int % 20 = 0;
  insert into app_users (uid, email, registered_at)
    select 'bench-' || id, email, created_at + interval '3 days' from signups where substr(id, 6)::int % 50 = 0;`;

async function benchPostgres() {
  if (!(await postgresReachable())) {
    console.log('PostgreSQL is unreachable; its rows are skipped.\n');
    return;
  }
  // BENCH_PG_DATABASE_URL: an existing database, seeded here only while it has no signups and
  // kept afterwards (to compare query plans over the same million rows run after run).
  const kept = process.env.BENCH_PG_DATABASE_URL;
  const database = kept
    ? {
        url: kept,
        query: <Row extends object>(text: string) => queryOnce<Row>(kept, text),
        drop: async () => {},
      }
    : await createFreshPostgresDatabase({ prefix: 'reelscore_bench' });
  const service = await startServiceProcess({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: database.url,
    // E.g. --max-old-space-size=128, to tell garbage V8 has not collected yet from memory in use.
    ...(process.env.BENCH_SERVICE_NODE_OPTIONS
      ? { NODE_OPTIONS: process.env.BENCH_SERVICE_NODE_OPTIONS }
      : {}),
  }).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  const handle = openDatabase({ kind: 'postgres', url: database.url });
  try {
    const started = performance.now();
    const [present] = await database.query<{ any: boolean }>(
      'select exists (select from signups) as any',
    );
    if (!present!.any) {
      await database.query(SEED_POSTGRES(PG_SIGNUPS));
      // As autovacuum soon would: statistics, and the visibility map for index-only scans.
      await database.query('vacuum analyze');
    }
    const [counts] = await database.query<{ signups: string; whitelist: string; users: string }>(
      `select (select count(*) from signups) as signups, (select count(*) from whitelist) as whitelist,
        (select count(*) from app_users) as users`,
    );
    console.log(
      `PostgreSQL: ${counts!.signups} signups, ${counts!.whitelist} whitelisted, ${counts!.users} registered, ` +
        `seeded in ${((performance.now() - started) / 1000).toFixed(1)} s (generate_series)\n`,
    );
    const { token } = await createApiToken(handle.db, {
      name: 'bench',
      scope: 'write',
      createdBy: LOCAL_ADMIN_EMAIL,
    });
    const headers = { authorization: `Bearer ${token}` };
    if (part('lists')) await measureLists(service.origin, headers, 'PostgreSQL');
    if (part('export')) await measureExport(service.origin, headers, service.child.pid!);
    // The import adds 100,000 signups: not into a database kept for the next run.
    if (part('import') && !kept) await measureImport(service.origin, headers, 'PostgreSQL');
  } finally {
    await handle.close();
    await service.stop();
    await database.drop();
  }
}

async function seedSqlite(app: FastifyInstance, count: number) {
  const start = Date.now() - 180 * DAY_MS;
  await app.database.db.transaction().execute(async (trx) => {
    let batch: Insertable<SignupsTable>[] = [];
    const whitelist: { email: string; added_at: string; added_by: string }[] = [];
    const users: { uid: string; email: string; registered_at: string }[] = [];
    for (let g = 1; g <= count; g++) {
      const at = new Date(start + Math.floor((g * 180 * DAY_MS) / count)).toISOString();
      const email = `${FIRST[g % FIRST.length]}.${LAST[Math.floor(g / FIRST.length) % LAST.length]}${g}@${DOMAINS[g % DOMAINS.length]}`;
      batch.push({
        id: uuidV7(Date.parse(at)),
        email,
        program: g % 100 < 85 ? 'CLOSED_ALPHA' : g % 100 < 95 ? 'BETA' : 'OPEN_BETA',
        source: SIGNUP_TYPES[g % SIGNUP_TYPES.length]!,
        created_at: at,
        last_signup_at: at,
        confirmed_at: g % 10 < 6 ? at : null,
      });
      if (g % 20 === 0) whitelist.push({ email, added_at: at, added_by: 'bench' });
      if (g % 50 === 0) users.push({ uid: `bench-${g}`, email, registered_at: at });
      if (batch.length === 500) {
        await trx.insertInto('signups').values(batch).execute();
        batch = [];
      }
    }
    if (batch.length > 0) await trx.insertInto('signups').values(batch).execute();
    for (let n = 0; n < whitelist.length; n += 500) {
      await trx
        .insertInto('whitelist')
        .values(whitelist.slice(n, n + 500))
        .execute();
    }
    for (let n = 0; n < users.length; n += 500) {
      await trx
        .insertInto('app_users')
        .values(users.slice(n, n + 500))
        .execute();
    }
  });
}

async function benchSqlite() {
  await withTempSqlite(async (database: DatabaseConfig) => {
    const app = await buildApp({
      ...configFromEnv(parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' })),
      database,
      webRoot: '/nonexistent/reelscore-bench-web',
    });
    try {
      const started = performance.now();
      await seedSqlite(app, SQLITE_SIGNUPS);
      console.log(
        `SQLite: ${SQLITE_SIGNUPS} signups seeded in ${((performance.now() - started) / 1000).toFixed(1)} s (one transaction)\n`,
      );
      const { token } = await createApiToken(app.database.db, {
        name: 'bench',
        scope: 'write',
        createdBy: LOCAL_ADMIN_EMAIL,
      });
      await app.listen({ host: '127.0.0.1', port: 0 });
      const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const headers = { authorization: `Bearer ${token}` };
      if (part('lists')) await measureLists(origin, headers, 'SQLite');
      if (part('import')) await measureImport(origin, headers, 'SQLite');
    } finally {
      await app.close();
    }
  });
}

async function main() {
  const cpuList = cpus();
  console.log(`Machine: ${cpuList.length} CPUs, ${cpuList[0]?.model ?? 'unknown model'}`);
  console.log(
    `Node ${process.version}; ${REQUESTS} sequential requests per list scenario after ${WARMUP} ` +
      `warm-up requests; targets: list p95 <= ${TARGET_P95_MS} ms, export RSS growth <= ${TARGET_RSS_MB} MB\n`,
  );
  // BENCH_ONLY=sqlite or postgres runs one half.
  if (process.env.BENCH_ONLY !== 'postgres') await benchSqlite();
  if (process.env.BENCH_ONLY !== 'sqlite') await benchPostgres();
}

if (import.meta.main) await main();
