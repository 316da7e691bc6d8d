import type { AddressInfo } from 'node:net';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { sql, type Insertable, type Kysely } from 'kysely';
import { SIGNUP_TYPES } from '../src/contract/signup-types.ts';
import { withTempPostgres, withTempSqlite } from './bench-databases.ts';
import { buildApp } from '../src/server/app.ts';
import {
  configFromEnv,
  LOCAL_ADMIN_EMAIL,
  parseEnv,
  type DatabaseConfig,
} from '../src/server/config.ts';
import { isPostgres } from '../src/server/db/column-types.ts';
import type {
  AppUsersTable,
  Database,
  SignupsTable,
  WhitelistTable,
} from '../src/server/db/schema.ts';
import { SESSION_COOKIE } from '../src/server/features/auth/admin-guard.ts';
import { createSession } from '../src/server/features/auth/session-repository.ts';
import { uuidV7 } from '../src/server/lib/uuid-v7.ts';

/**
 * Admin list search at scale: 100,000 signups (5% whitelisted, 2% registered) in SQLite and
 * PostgreSQL, the real app over real HTTP, one request at a time as the dashboard sends them.
 * Prints p50/p95/p99 per endpoint and database; the target is p95 <= 50 ms.
 */
const SIGNUPS = Number(process.env.BENCH_SIGNUPS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const WARMUP_REQUESTS = 30;
const TARGET_P95_MS = 50;

/** What people type into the search box: common and rare parts, whole addresses, no match. */
export const TERMS = [
  '', // the list as it opens
  'gmail',
  'a',
  'an',
  'son',
  '.com',
  'alex',
  'maria',
  'berg',
  'outlook.com',
  'chen',
  '_',
  '42',
  'kofi.n',
  'zz',
  '1987',
  'proton',
  'film',
  'nomatch-at-all',
  'xyzzy',
  '%',
  'qq@',
];

const FIRST_NAMES = [
  'alex', 'sam', 'maria', 'li', 'noah', 'emma', 'omar', 'sofia', 'yuki', 'lars', 'ines', 'kofi',
  'ana', 'jon', 'priya', 'mateo', 'olivia', 'liam', 'mia', 'lucas', 'elin', 'hugo', 'saga',
  'amir', 'fatima', 'chloe', 'david', 'sara', 'erik', 'nora', 'leo', 'isak', 'aisha', 'wei',
  'hana', 'jakob', 'lea', 'ivan', 'zara', 'felix', 'maja', 'oscar', 'ella', 'viktor', 'julia',
  'tomas', 'astrid', 'ravi', 'nina', 'karl',
]; // prettier-ignore
const LAST_NAMES = [
  'berg', 'chen', 'garcia', 'okafor', 'nilsson', 'rossi', 'kim', 'silva', 'novak', 'haddad',
  'patel', 'murphy', 'andersson', 'johansson', 'karlsson', 'larsen', 'smith', 'jones', 'brown',
  'wang', 'nguyen', 'mueller', 'schmidt', 'dubois', 'martin', 'lopez', 'kowalski', 'ivanova',
  'yamamoto', 'sato', 'ali', 'hansen', 'lindqvist', 'moreau', 'costa', 'fischer', 'weber',
  'svensson', 'eriksson', 'persson',
]; // prettier-ignore
const DOMAINS: [string, number][] = [
  ['gmail.com', 40],
  ['outlook.com', 12],
  ['hotmail.com', 8],
  ['yahoo.com', 7],
  ['icloud.com', 8],
  ['proton.me', 5],
  ['gmx.de', 3],
  ['telia.com', 3],
  ['live.se', 3],
  ['film-club.example', 2],
  ['studio.example.org', 2],
  ['uni.example.edu', 3],
  ['mail.example.com', 4],
];

interface Result {
  label: string;
  p50: number;
  p95: number;
  p99: number;
  slowest: string;
}

function random(seed: number) {
  let state = seed;
  return () => (state = (state * 48_271) % 2_147_483_647) / 2_147_483_647;
}

/** Deterministic, realistic addresses: name parts, separators, years and numbers, domains. */
function* addresses(count: number): Generator<string> {
  const next = random(20_250_806);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const totalWeight = DOMAINS.reduce((sum, [, weight]) => sum + weight, 0);
  const domain = () => {
    let roll = next() * totalWeight;
    for (const [name, weight] of DOMAINS) if ((roll -= weight) < 0) return name;
    return DOMAINS[0]![0];
  };
  const seen = new Set<string>();
  while (seen.size < count) {
    const first = pick(FIRST_NAMES);
    const last = pick(LAST_NAMES);
    const shape = next();
    const local =
      shape < 0.35
        ? `${first}.${last}`
        : shape < 0.5
          ? `${first}_${last}`
          : shape < 0.65
            ? `${first}${last}${1960 + Math.floor(next() * 50)}`
            : shape < 0.8
              ? `${first[0]}${last}`
              : `${first}.${last}${Math.floor(next() * 1000)}`;
    let email = `${local}@${domain()}`;
    for (let n = 2; seen.has(email); n++) email = `${local}${n}@${email.split('@')[1]}`;
    seen.add(email);
    yield email;
  }
}

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += 1000) {
    await insert(rows.slice(start, start + 1000));
  }
}

/** Signups over the last 180 days in arrival order; whitelist and registrations after them. */
export async function fill(db: Kysely<Database>) {
  const next = random(7);
  const now = Date.now();
  const span = 180 * 24 * 3_600_000;
  const signups: Insertable<SignupsTable>[] = [];
  const whitelist: Insertable<WhitelistTable>[] = [];
  const appUsers: Insertable<AppUsersTable>[] = [];
  let index = 0;
  for (const email of addresses(SIGNUPS)) {
    const at = now - span + Math.floor((span * index++) / SIGNUPS);
    signups.push({
      id: uuidV7(at),
      email,
      program: next() < 0.85 ? 'CLOSED_ALPHA' : next() < 0.7 ? 'BETA' : 'OPEN_BETA',
      source: SIGNUP_TYPES[Math.floor(next() * SIGNUP_TYPES.length)]!,
      created_at: new Date(at).toISOString(),
    });
    if (next() < 0.05) {
      const addedAt = at + Math.floor(next() * (now - at));
      whitelist.push({ email, added_at: new Date(addedAt).toISOString(), added_by: 'bench' });
      if (next() < 0.4) {
        const registeredAt = addedAt + Math.floor(next() * (now - addedAt));
        appUsers.push({
          uid: `bench-${uuidV7(registeredAt)}`,
          email,
          registered_at: new Date(registeredAt).toISOString(),
        });
      }
    }
  }
  // A few hundred invitations to addresses that never used the form.
  for (let n = 0; n < 300; n++) {
    const addedAt = now - Math.floor(next() * span);
    const email = `invite${n}@partner.example`;
    whitelist.push({ email, added_at: new Date(addedAt).toISOString(), added_by: 'bench' });
  }
  await db.transaction().execute(async (trx) => {
    await insertInBatches(signups, (batch) => trx.insertInto('signups').values(batch).execute());
    await insertInBatches(whitelist, (batch) =>
      trx.insertInto('whitelist').values(batch).execute(),
    );
    await insertInBatches(appUsers, (batch) => trx.insertInto('app_users').values(batch).execute());
  });
  // PostgreSQL's autovacuum vacuums and analyzes a table soon after a bulk load (the visibility
  // map lets index-only scans skip the table); do it now. SQLite plans without statistics unless
  // someone runs ANALYZE, and the service does not.
  if (isPostgres(db)) await sql`vacuum analyze`.execute(db);
  return { signups: signups.length, whitelist: whitelist.length, appUsers: appUsers.length };
}

function percentile(sorted: number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

async function measure(
  baseUrl: string,
  cookie: string,
  path: string,
  label: string,
): Promise<Result> {
  const perTerm = new Map<string, number[]>();
  const timings: number[] = [];
  const send = async (term: string) => {
    const query = term === '' ? '' : `?search=${encodeURIComponent(term)}`;
    const started = performance.now();
    const response = await fetch(`${baseUrl}${path}${query}`, { headers: { cookie } });
    const body = await response.text();
    const elapsed = performance.now() - started;
    if (response.status !== 200) throw new Error(`${path}${query}: ${response.status} ${body}`);
    return elapsed;
  };
  for (let n = 0; n < WARMUP_REQUESTS; n++) await send(TERMS[n % TERMS.length]!);
  for (let n = 0; n < REQUESTS; n++) {
    const term = TERMS[n % TERMS.length]!;
    const elapsed = await send(term);
    timings.push(elapsed);
    perTerm.set(term, [...(perTerm.get(term) ?? []), elapsed]);
  }
  timings.sort((a, b) => a - b);
  const [slowestTerm, slowestTimes] = [...perTerm].sort(
    ([, a], [, b]) => Math.max(...b) - Math.max(...a),
  )[0]!;
  return {
    label,
    p50: percentile(timings, 0.5),
    p95: percentile(timings, 0.95),
    p99: percentile(timings, 0.99),
    slowest: `"${slowestTerm}" ${Math.max(...slowestTimes).toFixed(1)} ms`,
  };
}

async function startApp(database: DatabaseConfig): Promise<FastifyInstance> {
  return buildApp({
    ...configFromEnv(parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' })),
    database,
    webRoot: '/nonexistent/reelscore-bench-web',
  });
}

async function benchDatabase(database: DatabaseConfig, name: string): Promise<Result[]> {
  const app = await startApp(database);
  try {
    const started = performance.now();
    const counts = await fill(app.database.db);
    console.error(
      `${name}: ${counts.signups} signups, ${counts.whitelist} whitelisted, ` +
        `${counts.appUsers} registered, filled in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const { token } = await createSession(
      app.database.db,
      { uid: 'bench-admin', email: LOCAL_ADMIN_EMAIL, displayName: 'Bench', photoUrl: null },
      app.config.session,
    );
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const baseUrl = `http://127.0.0.1:${port}`;
    const cookie = `${SESSION_COOKIE}=${token}`;
    return [
      await measure(baseUrl, cookie, '/api/admin/signups', `signups (${name})`),
      await measure(baseUrl, cookie, '/api/admin/users', `users (${name})`),
    ];
  } finally {
    await app.close();
  }
}

function benchSqlite(): Promise<Result[]> {
  return withTempSqlite((database) => benchDatabase(database, 'SQLite'));
}

function benchPostgres(): Promise<Result[]> {
  return withTempPostgres((database) => benchDatabase(database, 'PostgreSQL'), []);
}

function printResults(results: Result[]) {
  const header = ['scenario', 'p50 ms', 'p95 ms', 'p99 ms', 'target', 'slowest term'];
  const lines = results.map((result) => [
    result.label,
    result.p50.toFixed(1),
    result.p95.toFixed(1),
    result.p99.toFixed(1),
    result.p95 <= TARGET_P95_MS ? 'PASS' : 'MISS',
    result.slowest,
  ]);
  const widths = header.map((_, i) =>
    Math.max(...[header, ...lines].map((line) => line[i]!.length)),
  );
  for (const line of [header, ...lines]) {
    console.log(
      line
        .map((cell, i) =>
          i === 0 || i === 5 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!),
        )
        .join('  '),
    );
  }
}

async function main() {
  const cpuList = cpus();
  console.log(`Machine: ${cpuList.length} CPUs, ${cpuList[0]?.model ?? 'unknown model'}`);
  console.log(
    `Node ${process.version}; ${SIGNUPS} signups; ${REQUESTS} sequential requests per scenario ` +
      `over ${TERMS.length} search terms; target p95 <= ${TARGET_P95_MS} ms\n`,
  );
  printResults([...(await benchSqlite()), ...(await benchPostgres())]);
}

if (import.meta.main) await main();
