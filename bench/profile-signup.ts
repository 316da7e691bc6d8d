/**
 * Where a signup's time goes (node bench/profile-signup.ts [sqlite|postgres] [seconds]): runs
 * the service with its defaults under --cpu-prof, mail to an SMTP server in another process at
 * MAIL_RATE_PER_SECOND=0, loads it with signups, and prints the CPU time of the service process
 * by part of the pipeline (self time of each function, grouped by the code it belongs to).
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { withTempPostgres, withTempSqlite } from './bench-databases.ts';
import type { DatabaseConfig } from '../src/server/config.ts';

const kind = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
const SECONDS = Number(process.argv[3] ?? 10);
const route = process.argv[4] === 'health' ? 'health' : 'signup';
/** `confirmation-off` as the fifth argument: signups without their mail (nothing to send). */
const confirmationOff = process.argv[5] === 'confirmation-off';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The part of the pipeline a function belongs to, by where its code lives. */
const PARTS: [string, RegExp][] = [
  [
    'mail: rendering',
    /react-dom|@react-email|email\/render-mail|email\/templates|html-to-text|prettier/,
  ],
  ['mail: SMTP (nodemailer)', /nodemailer|email\/mail-transport|email\/mail-service/],
  ['mail: outbox worker', /lease-worker|outbox-worker|outbox-repository/],
  ['logging (pino)', /pino|sonic-boom|fast-redact|safe-stable-stringify|quick-format/],
  ['rate limit', /rate-limit|client-key/],
  [
    'parsing and validation (zod, JSON)',
    /zod|secure-json-parse|content-type-parser|email-rules|disposable/,
  ],
  ['metrics (prom-client)', /prom-client|plugins\/metrics/],
  [
    'headers and hooks (plugins)',
    /src\/server\/plugins|@fastify\/cookie|request-id|security-headers/,
  ],
  ['group commit', /group-commit/],
  [
    'database driver (SQL, triggers; native)',
    /sql-timing|better-sqlite3|kysely|node_modules\/pg|pg-protocol|pg-pool|signup-repository/,
  ],
  [
    'fastify (routing, reply, serialize)',
    /fastify|find-my-way|avvio|light-my-request|fast-json-stringify|toad-cache/,
  ],
  [
    'node: http and net',
    /^node:(_http|http|net|internal\/(http|streams|stream_base|net|timers|url))/,
  ],
  ['garbage collection', /^\(garbage collector\)$/],
  ['idle', /^\(idle\)$/],
];

function partOf(frame: ProfileNode['callFrame']): string {
  const where = frame.url || `(${frame.functionName.replace(/[()]/g, '')})`;
  for (const [part, pattern] of PARTS) if (pattern.test(where)) return part;
  if (frame.url.includes('/src/server/')) return 'service code (other)';
  if (frame.url.includes('node_modules')) return 'libraries (other)';
  if (frame.url.startsWith('node:')) return 'node (other)';
  return frame.functionName === '(program)' ? 'native (program)' : 'other';
}

function summarise(profile: Profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const part = partOf(byId.get(id)!.callFrame);
    totals.set(part, (totals.get(part) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const busy = [...totals].filter(([part]) => part !== 'idle').reduce((sum, [, t]) => sum + t, 0);
  return { totals: [...totals].sort((a, b) => b[1] - a[1]), busy };
}

async function run(database: DatabaseConfig) {
  const dir = mkdtempSync(join(tmpdir(), 'reelscore-profile-'));
  const sink = fork(new URL('./smtp-sink-process.ts', import.meta.url), [], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const [{ url }] = (await once(sink, 'message')) as [{ url: string }];
  const server = fork(
    new URL('./serve.ts', import.meta.url),
    [
      JSON.stringify(database),
      JSON.stringify({
        SMTP_URL: url,
        MAIL_RATE_PER_SECOND: '0',
        ...(confirmationOff ? { SIGNUP_CONFIRMATION: 'false' } : {}),
      }),
    ],
    {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      execArgv: [
        '--cpu-prof',
        `--cpu-prof-dir=${dir}`,
        ...(kind === 'sqlite'
          ? ['--import', new URL('./sql-timing.ts', import.meta.url).pathname]
          : []),
      ],
      env: { ...process.env, SQL_TIMING_FILE: join(dir, 'sql.json') },
    },
  );
  const [{ port }] = (await once(server, 'message')) as [{ port: number }];
  let n = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: 50,
    duration: SECONDS,
    requests: [
      route === 'health'
        ? { method: 'GET', path: '/api/health' }
        : {
            method: 'POST',
            path: '/api/utility/signup',
            headers: { 'content-type': 'application/json' },
            setupRequest: (request) => ({
              ...request,
              body: JSON.stringify({ email: `profile-${n++}@example.com`, signupType: 'general' }),
            }),
          },
    ],
  });
  const exited = once(server, 'exit');
  server.kill('SIGTERM');
  await exited;
  sink.disconnect();
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'))!;
  const { totals, busy } = summarise(JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile);
  console.log(
    `${kind}, ${route}: ${result.requests.sent} requests in ${SECONDS} s ` +
      `(${result.requests.average.toFixed(0)}/s, p99 ${result.latency.p99} ms); profile ${join(dir, file)}`,
  );
  console.log('part'.padEnd(44) + 'ms'.padStart(8) + '  % of busy' + '  µs per request');
  for (const [part, micros] of totals) {
    console.log(
      part.padEnd(44) +
        (micros / 1000).toFixed(0).padStart(8) +
        (part === 'idle' ? '' : `${((micros / busy) * 100).toFixed(1).padStart(10)}%`).padEnd(12) +
        (part === 'idle' ? '' : (micros / result.requests.sent).toFixed(1).padStart(14)),
    );
  }
  printSql(dir, result.requests.sent);
}

function printSql(dir: string, requests: number) {
  let rows: { sql: string; calls: number; ms: number }[];
  try {
    rows = JSON.parse(readFileSync(join(dir, 'sql.json'), 'utf8')) as typeof rows;
  } catch {
    return;
  }
  console.log('\nSQLite statements (triggers run inside theirs), by time:');
  console.log('ms'.padStart(8) + 'calls'.padStart(9) + '  µs/call  µs/request  statement');
  for (const row of rows.slice(0, 25)) {
    console.log(
      row.ms.toFixed(0).padStart(8) +
        String(row.calls).padStart(9) +
        ((row.ms * 1000) / row.calls).toFixed(1).padStart(9) +
        ((row.ms * 1000) / requests).toFixed(1).padStart(12) +
        '  ' +
        row.sql.replace(/\s+/g, ' ').slice(0, 110),
    );
  }
}

await (kind === 'sqlite' ? withTempSqlite(run) : withTempPostgres(run, undefined));
