import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { withTempPostgres } from './bench-databases.ts';
import { withServer } from './forked-server.ts';
import type { DatabaseConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { manySignups } from '../src/server/test/admin-test-data.ts';
import type { ExportLimits } from '../src/server/features/lists/export-limits.ts';
import { createApiToken } from '../src/server/features/auth/api-token-repository.ts';
import { slowGet, type SlowClient } from '../src/server/test/slow-client.ts';

/**
 * Health and signup latency while slow clients read CSV exports, on PostgreSQL (decision 0033):
 * with no exports, and with 12 exports read at 1 KB/s by four viewers' read-only tokens (three
 * each), once with the export limits off (as before them: every export holds a connection of
 * the pool of 10) and once with the defaults. Each probe is 2 connections sending one request
 * after another. Run alone: `node bench/slow-exports.ts` (BENCH_SECONDS per measurement,
 * BENCH_EXPORT_SIGNUPS to scale the list).
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
if (!(SECONDS > 0)) throw new Error('BENCH_SECONDS must be a positive number of seconds');
const SIGNUPS = Number(process.env.BENCH_EXPORT_SIGNUPS ?? 100_000);
const EXPORTS = 12;
const READ_BYTES_PER_SECOND = 1024;
const CONNECTIONS = 2;
const VIEWERS = ['v1@example.com', 'v2@example.com', 'v3@example.com', 'v4@example.com'];

/** As high as the limits go, and no minimum rate: how exports ran before there were limits. */
const LIMITS_OFF: Partial<ExportLimits> = { perUser: 1000, total: 1000, minBytesPerSecond: 0 };

interface Row {
  scenario: string;
  probe: 'health' | 'signup';
  requests: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Answers other than 200, and requests without an answer within 10 s. */
  failed: number;
}

const health: autocannon.Request = { method: 'GET', path: '/api/health' };
const signup: autocannon.Request = {
  method: 'POST',
  path: '/api/utility/signup',
  headers: { 'content-type': 'application/json' },
  setupRequest: (request) => ({
    ...request,
    body: JSON.stringify({ email: `bench-${randomUUID()}@example.com`, signupType: 'general' }),
  }),
};

async function probe(scenario: string, port: number): Promise<Row[]> {
  console.error(`measuring ${scenario} for ${SECONDS} s...`);
  const run = (request: autocannon.Request) =>
    autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: CONNECTIONS,
      duration: SECONDS,
      timeout: 10,
      requests: [request],
    });
  const [healthResult, signupResult] = await Promise.all([run(health), run(signup)]);
  return (
    [
      ['health', healthResult],
      ['signup', signupResult],
    ] as const
  ).map(([name, result]) => ({
    scenario,
    probe: name,
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    failed: result.non2xx + result.errors + result.timeouts,
  }));
}

/** Starts the slow exports and waits for each one's status (200 runs, 429 refused). */
async function startExports(port: number, tokens: string[]): Promise<SlowClient[]> {
  const clients = Array.from({ length: EXPORTS }, (_, n) =>
    slowGet(
      port,
      '/api/admin/signups/export',
      { authorization: `Bearer ${tokens[n % tokens.length]!}` },
      READ_BYTES_PER_SECOND,
    ),
  );
  const statuses = await Promise.all(clients.map((client) => client.status));
  const count = (status: number) => statuses.filter((answer) => answer === status).length;
  console.error(`  exports: ${count(200)} streaming, ${count(429)} refused with 429`);
  // Time for the running ones to fill the buffers and hold their connections.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  return clients;
}

async function measureWith(
  database: DatabaseConfig,
  tokens: string[],
  label: string,
  limits: Partial<ExportLimits>,
): Promise<Row[]> {
  const changes = JSON.stringify({ exports: limits, viewerEmails: VIEWERS });
  return withServer('./serve.ts', [JSON.stringify(database), '{}', changes], async (port) => {
    const rows = await probe(`no exports (${label})`, port);
    const clients = await startExports(port, tokens);
    try {
      rows.push(...(await probe(`${EXPORTS} exports at 1 KB/s (${label})`, port)));
    } finally {
      for (const client of clients) client.abort();
    }
    return rows;
  });
}

async function bench(database: DatabaseConfig): Promise<Row[]> {
  // The first service run migrates the schema; the rows and tokens go in after it.
  const handle = openDatabase(database);
  const tokens: string[] = [];
  try {
    await withServer('./serve.ts', [JSON.stringify(database)], async () => {
      await manySignups(handle.db, SIGNUPS);
      for (const email of VIEWERS) {
        const { token } = await createApiToken(handle.db, {
          name: 'bench export',
          scope: 'read',
          createdBy: email,
        });
        tokens.push(token);
      }
    });
  } finally {
    await handle.close();
  }
  console.error(`seeded ${SIGNUPS} signups`);
  return [
    ...(await measureWith(database, tokens, 'limits off', LIMITS_OFF)),
    ...(await measureWith(database, tokens, 'default limits', {})),
  ];
}

function printTable(rows: Row[]) {
  const header = ['scenario', 'probe', 'requests', 'p50 ms', 'p99 ms', 'max ms', 'not 200'];
  const lines = rows.map((row) => [
    row.scenario,
    row.probe,
    String(row.requests),
    row.p50Ms.toFixed(1),
    row.p99Ms.toFixed(1),
    row.maxMs.toFixed(1),
    String(row.failed),
  ]);
  const widths = header.map((_, i) =>
    Math.max(...[header, ...lines].map((line) => line[i]!.length)),
  );
  for (const line of [header, ...lines]) {
    console.log(
      line
        .map((cell, i) => (i < 2 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
        .join('  '),
    );
  }
}

function printTargets(rows: Row[]) {
  const limited = rows.filter((row) => row.scenario.includes('default limits'));
  const quiet = (probe: Row['probe']) =>
    limited.find((row) => row.probe === probe && row.scenario.startsWith('no exports'));
  const busy = (probe: Row['probe']) =>
    limited.find((row) => row.probe === probe && !row.scenario.startsWith('no exports'));
  const targets: [string, boolean][] = [
    [
      `with the default limits, ${EXPORTS} slow exports leave every health and signup answer 200`,
      limited.every((row) => row.failed === 0),
    ],
    ...(['health', 'signup'] as const).map((probe): [string, boolean] => [
      `${probe} p99 with ${EXPORTS} slow exports <= 2 x its p99 without (or + 5 ms)`,
      (busy(probe)?.p99Ms ?? Infinity) <=
        Math.max(2 * (quiet(probe)?.p99Ms ?? 0), (quiet(probe)?.p99Ms ?? 0) + 5),
    ]),
  ];
  console.log('\nTargets:');
  for (const [name, met] of targets) console.log(`  ${met ? 'PASS' : 'MISS'}  ${name}`);
}

async function main() {
  const cpuList = cpus();
  console.log(`Machine: ${cpuList.length} CPUs, ${cpuList[0]?.model ?? 'unknown model'}`);
  console.log(
    `Node ${process.version}; PostgreSQL, pool of 10; ${SIGNUPS} signups (~${Math.round(
      (SIGNUPS * 131) / 1e6,
    )} MB of CSV); ${CONNECTIONS} connections per probe, ${SECONDS} s per measurement\n`,
  );
  const rows = await withTempPostgres(bench, []);
  if (rows.length === 0) return;
  printTable(rows);
  printTargets(rows);
}

await main();
