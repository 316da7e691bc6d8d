import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { withTempPostgres, withTempSqlite } from './bench-databases.ts';
import type { DatabaseConfig } from '../src/server/config.ts';

/**
 * Whether the time of a signup answer tells a new address from one already on the list: the real
 * app (bench/serve.ts, rate limit raised) over real HTTP, one request at a time as a prober would
 * send them, new and known addresses interleaved. Prints median and p90 of each and their ratio,
 * and how often a known address answers faster than a new one (0.5: the times tell nothing).
 */
const REQUESTS = Number(process.env.BENCH_SIGNUP_REQUESTS ?? 400);
if (!(REQUESTS > 0)) throw new Error('BENCH_SIGNUP_REQUESTS must be a positive number');
const WARMUP = 50;

interface Row {
  label: string;
  fresh: number[];
  known: number[];
}

async function signup(baseUrl: string, email: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/utility/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, signupType: 'general' }),
  });
  const body = await response.text();
  const elapsed = performance.now() - started;
  if (response.status !== 200) throw new Error(`signup ${email}: ${response.status} ${body}`);
  return elapsed;
}

async function measure(database: DatabaseConfig, label: string): Promise<Row> {
  console.error(`measuring signup timing on ${label}...`);
  return withServer(database, async (port) => {
    const baseUrl = `http://127.0.0.1:${port}`;
    const address = (kind: string, n: number) => `timing-${kind}-${n}@example.com`;
    for (let n = 0; n < REQUESTS + WARMUP; n++) await signup(baseUrl, address('known', n));
    const row: Row = { label, fresh: [], known: [] };
    for (let n = 0; n < REQUESTS + WARMUP; n++) {
      // Alternate which goes first, so neither kind always follows the other.
      const pair = [
        ['fresh', row.fresh],
        ['known', row.known],
      ] as const;
      for (const [kind, timings] of n % 2 ? pair : [...pair].reverse()) {
        const elapsed = await signup(baseUrl, address(kind, n));
        if (n >= WARMUP) timings.push(elapsed);
      }
    }
    return row;
  });
}

/** The server runs in its own process so it never shares an event loop with the client. */
async function withServer<T>(database: DatabaseConfig, use: (port: number) => Promise<T>) {
  const child = fork(new URL('./serve.ts', import.meta.url), [JSON.stringify(database)], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    return await use(await portOf(child));
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
  }
}

function portOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`server exited with code ${code} before listening`)),
    );
  });
}

function percentile(timings: number[], fraction: number): number {
  const sorted = [...timings].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/** The chance that a random known-address answer came faster than a random new-address one. */
function knownFaster({ fresh, known }: Row): number {
  let wins = 0;
  for (const k of known) for (const f of fresh) wins += k < f ? 1 : k === f ? 0.5 : 0;
  return wins / (known.length * fresh.length);
}

function print(rows: Row[]) {
  console.log(
    `\nSignup answer time, ${REQUESTS} new and ${REQUESTS} known addresses interleaved, ` +
      'one request at a time over HTTP (ms)',
  );
  const header = ['database', 'new p50', 'known p50', 'ratio', 'new p90', 'known p90', 'ratio'];
  const lines = rows.map((row) => {
    const [freshP50, knownP50] = [percentile(row.fresh, 0.5), percentile(row.known, 0.5)];
    const [freshP90, knownP90] = [percentile(row.fresh, 0.9), percentile(row.known, 0.9)];
    return [
      row.label,
      freshP50.toFixed(2),
      knownP50.toFixed(2),
      (knownP50 / freshP50).toFixed(2),
      freshP90.toFixed(2),
      knownP90.toFixed(2),
      (knownP90 / freshP90).toFixed(2),
    ];
  });
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
  for (const row of rows) {
    console.log(`P(known answers faster than new), ${row.label}: ${knownFaster(row).toFixed(2)}`);
  }
}

const rows = [
  await withTempSqlite((database) => measure(database, 'SQLite')),
  ...(await withTempPostgres(async (database) => [await measure(database, 'PostgreSQL')], [])),
];
print(rows);
