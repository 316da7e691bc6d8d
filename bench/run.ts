import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { withTempPostgres, withTempSqlite } from './bench-databases.ts';
import { withServer } from './forked-server.ts';
import type { DatabaseConfig } from '../src/server/config.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
if (!(SECONDS > 0)) throw new Error('BENCH_SECONDS must be a positive number of seconds');
const WARMUP_SECONDS = 2;
const CONNECTIONS = 50;
const BARE = 'bare node:http';

interface Row {
  scenario: string;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  /** Answers refused by the rate limit: the only non-2xx a load run may see. */
  tooMany: number;
}

const health: autocannon.Request = { method: 'GET', path: '/api/health' };

const signup: autocannon.Request = {
  method: 'POST',
  path: '/api/utility/signup',
  headers: { 'content-type': 'application/json' },
  // A fresh address per request, so every signup is a real insert rather than a no-op conflict.
  setupRequest: (request) => ({
    ...request,
    body: JSON.stringify({ email: `bench-${randomUUID()}@example.com`, signupType: 'general' }),
  }),
};

async function measure(scenario: string, port: number, request: autocannon.Request): Promise<Row> {
  console.error(`measuring ${scenario} for ${SECONDS} s...`);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    warmup: { connections: CONNECTIONS, duration: WARMUP_SECONDS },
    requests: [request],
  });
  return {
    scenario,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    tooMany: result.statusCodeStats['429']?.count ?? 0,
  };
}

async function measureApp(database: DatabaseConfig, label: string): Promise<Row[]> {
  const rows = await withServer('./serve.ts', [JSON.stringify(database)], async (port) => [
    await measure(`health (${label})`, port, health),
    await measure(`signup (${label})`, port, signup),
  ]);
  // The production limit (per client, counted in Redis): one client mostly gets 429 answers,
  // and nothing else may go wrong under the load.
  rows.push(
    await withServer('./serve.ts', [JSON.stringify(database), 'limited'], (port) =>
      measure(`signup, limit on (${label})`, port, signup),
    ),
  );
  return rows;
}

function benchSqlite(): Promise<Row[]> {
  return withTempSqlite((database) => measureApp(database, 'SQLite'));
}

function benchPostgres(): Promise<Row[]> {
  return withTempPostgres((database) => measureApp(database, 'PostgreSQL'), []);
}

function printMachine() {
  const cpuList = cpus();
  console.log(`Machine: ${cpuList.length} CPUs, ${cpuList[0]?.model ?? 'unknown model'}`);
  console.log(`Node ${process.version}; ${CONNECTIONS} connections, ${SECONDS} s per scenario\n`);
}

function printTable(rows: Row[], bare: number) {
  const header = ['scenario', 'req/s', 'p99 ms', 'errors', '429', 'other non-2xx', 'vs bare'];
  const lines = rows.map((row) => [
    row.scenario,
    row.requestsPerSecond.toFixed(0),
    row.p99Ms.toFixed(1),
    String(row.errors),
    String(row.tooMany),
    String(row.non2xx - row.tooMany),
    `${((row.requestsPerSecond / bare) * 100).toFixed(1)}%`,
  ]);
  const widths = header.map((_, i) =>
    Math.max(...[header, ...lines].map((line) => line[i]!.length)),
  );
  for (const line of [header, ...lines]) {
    console.log(
      line
        .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
        .join('  '),
    );
  }
}

function printTargets(rows: Row[], bare: number) {
  const find = (scenario: string) => rows.find((row) => row.scenario === scenario);
  const sqliteHealth = find('health (SQLite)');
  const sqliteSignup = find('signup (SQLite)');
  const targets: [string, boolean][] = [
    ['health (SQLite) >= 85% of bare', (sqliteHealth?.requestsPerSecond ?? 0) >= 0.85 * bare],
    ['signup (SQLite) >= 20% of bare', (sqliteSignup?.requestsPerSecond ?? 0) >= 0.2 * bare],
    ['signup (SQLite) p99 <= 25 ms', (sqliteSignup?.p99Ms ?? Infinity) <= 25],
    [
      'signup (SQLite) 0 errors, 0 non-2xx',
      sqliteSignup?.errors === 0 && sqliteSignup.non2xx === 0,
    ],
    [
      'every app scenario: 0 errors, 0 non-2xx other than 429',
      rows.every((row) => row.errors === 0 && row.non2xx === row.tooMany),
    ],
  ];
  console.log('\nTargets:');
  for (const [name, met] of targets) console.log(`  ${met ? 'PASS' : 'MISS'}  ${name}`);
}

async function main() {
  printMachine();
  const rows = [
    await withServer('./hello-server.ts', [], (port) => measure(BARE, port, { path: '/' })),
    await withServer('./hello-fastify.ts', [], (port) =>
      measure('fastify hello (framework floor)', port, { path: '/' }),
    ),
    ...(await benchSqlite()),
    ...(await benchPostgres()),
  ];
  const bare = rows[0]!.requestsPerSecond;
  printTable(rows, bare);
  printTargets(rows, bare);
}

await main();
