/**
 * Throughput and latency of the service under load (npm run bench), as ratios to a bare
 * node:http server measured in the same run. The machine's speed drifts by half or more within
 * one run, so bare node:http is measured between every two scenarios, and each scenario's ratio
 * is to the faster of the two measurements beside it: the machine as it was then, and never the
 * slower moment.
 *
 * The service runs with its defaults in a process of its own; confirmation mails go to a real
 * SMTP server in a third process, as they would to a provider. After each signup scenario the run
 * waits until every acknowledged signup's confirmation has arrived there and checks them one to
 * one (none missing, none twice, none to anyone else), and prints the drain: mails a second from
 * the first signup until the last mail. The targets' rows sign up addresses in order; a row for
 * information signs up addresses in random order, as people's come in, which costs every index
 * keyed by address a page of its own for each signup.
 *
 *   node bench/run.ts            BENCH_SECONDS=10 (per scenario), BENCH_BACKLOG=10000
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { withTempPostgres, withTempSqlite } from './bench-databases.ts';
import { withChild } from './forked-server.ts';
import type { DatabaseConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { insertSignups } from '../src/server/features/waitlist/signup-repository.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
if (!(SECONDS > 0)) throw new Error('BENCH_SECONDS must be a positive number of seconds');
const BACKLOG = Number(process.env.BENCH_BACKLOG ?? 10_000);
if (!Number.isInteger(BACKLOG) || BACKLOG < 1) throw new Error('BENCH_BACKLOG must be >= 1');
const WARMUP_SECONDS = 2;
/** Each of the bare measurements between the scenarios. */
const BARE_SECONDS = Math.min(SECONDS, 5);
const CONNECTIONS = 50;
/** A drain that makes no progress for this long has stalled: the run says so and goes on. */
const STALL_MS = 60_000;
const BARE = 'bare node:http';
/** The worker as fast as it can go: the hardest case for intake. */
const MAIL_AT_FULL_SPEED = { MAIL_RATE_PER_SECOND: '0' };

interface Drain {
  /** Confirmations owed: acknowledged signups plus the backlog queued before the load. */
  owed: number;
  missing: number;
  twice: number;
  /** Mails to an address no signup was sent for. */
  stray: number;
  /** Signups in flight when the load stopped: stored and mailed, never answered. */
  unanswered: number;
  /** Still queued when the load stopped. */
  queuedAtEnd: number;
  /** From the first signup of the load until the last mail arrived. */
  seconds: number;
  mailsPerSecond: number;
}

interface Row {
  scenario: string;
  requestsPerSecond: number;
  /** Bare node:http beside this scenario: the faster of the measurements before and after it. */
  bare?: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  /** Answers refused by the rate limit: the only non-2xx a load run may see. */
  tooMany: number;
  drain?: Drain;
}

const health: autocannon.Request = { method: 'GET', path: '/api/health' };

/**
 * How the load's addresses follow each other. `in order` (the targets' rows): one prefix and a
 * counter, so each address sorts after the one before and lands next to it in every index keyed
 * by address. `random`: a random beginning each, as people's addresses come in on a launch day,
 * each landing at a random place of those indexes.
 */
type AddressOrder = 'in order' | 'random';

/** Signups with a fresh address each (a real insert, a real mail), remembering the answered. */
function signups(
  acknowledged: string[],
  sent: string[] = [],
  order: AddressOrder = 'in order',
): autocannon.Request {
  const prefix = `bench-${randomUUID().slice(0, 8)}`;
  let n = 0;
  const address = () =>
    order === 'random'
      ? `${Math.random().toString(36).slice(2, 10)}-${n++}@example.com`
      : `${prefix}-${n++}@example.com`;
  return {
    method: 'POST',
    path: '/api/utility/signup',
    headers: { 'content-type': 'application/json' },
    // Requests may be built before the answer to the one before arrives: answers come in order,
    // so each connection keeps the addresses it sent in a queue.
    setupRequest: (request, context) => {
      const email = address();
      ((context.sent ??= []) as string[]).push(email);
      sent.push(email);
      return { ...request, body: JSON.stringify({ email, signupType: 'general' }) };
    },
    onResponse: (status, _body, context) => {
      const email = (context.sent as string[]).shift();
      if (status === 200 && email !== undefined) acknowledged.push(email);
    },
  };
}

async function measure(
  scenario: string,
  port: number,
  request: autocannon.Request,
  seconds = SECONDS,
): Promise<Row> {
  console.error(`measuring ${scenario} for ${seconds} s...`);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
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

function ask<T>(child: ChildProcess, question: object): Promise<T> {
  const answer = new Promise<T>((resolve) => child.once('message', (m) => resolve(m as T)));
  child.send(question);
  return answer;
}

function serveApp<T>(
  database: DatabaseConfig,
  settings: Record<string, string>,
  use: (port: number) => Promise<T>,
) {
  return withChild('./serve.ts', [JSON.stringify(database), JSON.stringify(settings)], (_c, m) =>
    use(m.port as number),
  );
}

/** The mail provider of one scenario, in its own process. */
function withSmtp<T>(use: (sink: ChildProcess, url: string) => Promise<T>) {
  return withChild('./smtp-sink-process.ts', [], (sink, m) => use(sink, m.url as string));
}

/** Queues `count` signups with their confirmation mail, as if they had just come in. */
async function queueBacklog(database: DatabaseConfig, count: number): Promise<string[]> {
  const handle = openDatabase(database);
  const addresses = Array.from({ length: count }, (_, n) => `backlog-${n}@example.com`);
  try {
    await migrateToLatest(handle.db, database.kind === 'postgres' ? database.schema : undefined);
    for (let start = 0; start < count; start += 500) {
      const batch = addresses.slice(start, start + 500);
      const rows = batch.map((email) => ({ email, program: 'alpha', source: 'general' as const }));
      const outcomes = await insertSignups(handle.db, rows, new Date(), 'mail');
      if (outcomes.some((outcome) => !outcome.ok)) throw new Error('backlog not queued');
    }
  } finally {
    await handle.close();
  }
  return addresses;
}

/** Waits until the sink has every mail owed (or stalls), then checks them one to one. */
async function drain(
  sink: ChildProcess,
  owed: string[],
  sent: string[],
  startedAt: number,
  queuedAtEnd: number,
): Promise<Drain> {
  let last = { delivered: -1, lastAt: 0 };
  let progressAt = Date.now();
  for (;;) {
    const now = await ask<{ delivered: number; lastAt: number }>(sink, { type: 'progress' });
    if (now.delivered >= owed.length) break;
    if (now.delivered !== last.delivered) progressAt = Date.now();
    else if (Date.now() - progressAt > STALL_MS) {
      console.error(`drain stalled at ${now.delivered} of ${owed.length} mails`);
      break;
    }
    last = now;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // A moment for a duplicate to show itself before the count is read.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const { recipients } = await ask<{ recipients: [string, number][] }>(sink, {
    type: 'recipients',
  });
  const got = new Map(recipients);
  const owedSet = new Set(owed);
  const sentSet = new Set(sent);
  const finalLast = await ask<{ delivered: number; lastAt: number }>(sink, { type: 'progress' });
  const seconds = (finalLast.lastAt - startedAt) / 1000;
  return {
    owed: owed.length,
    missing: owed.filter((address) => !got.has(address)).length,
    twice: recipients.filter(([, count]) => count > 1).length,
    stray: recipients.filter(([address]) => !owedSet.has(address) && !sentSet.has(address)).length,
    unanswered: recipients.filter(([address]) => !owedSet.has(address) && sentSet.has(address))
      .length,
    queuedAtEnd,
    seconds,
    mailsPerSecond: finalLast.delivered / seconds,
  };
}

/**
 * Signups under load with their confirmations going to an SMTP server in another process, with
 * `backlog` confirmations queued before the load starts; then the drain.
 */
async function signupWithMail(
  database: DatabaseConfig,
  scenario: string,
  backlog: number,
  order: AddressOrder = 'in order',
): Promise<Row> {
  const owed = backlog > 0 ? await queueBacklog(database, backlog) : [];
  return withSmtp(async (sink, url) =>
    serveApp(database, { ...MAIL_AT_FULL_SPEED, SMTP_URL: url }, async (port) => {
      const startedAt = Date.now();
      const acknowledged: string[] = [];
      const sent: string[] = [];
      const row = await measure(scenario, port, signups(acknowledged, sent, order));
      const { delivered } = await ask<{ delivered: number }>(sink, { type: 'progress' });
      const total = [...owed, ...acknowledged];
      console.error(`draining ${total.length - delivered} queued mails...`);
      row.drain = await drain(sink, total, sent, startedAt, total.length - delivered);
      return row;
    }),
  );
}

type Kind = 'SQLite' | 'PostgreSQL';

/** Each scenario on a database of its own, created for it and removed after it. */
function onFresh(kind: Kind, use: (database: DatabaseConfig) => Promise<Row>): Promise<Row[]> {
  const one = async (database: DatabaseConfig) => [await use(database)];
  return kind === 'SQLite' ? withTempSqlite(one) : withTempPostgres(one, []);
}

/** The service's scenarios on `kind`, each to be run on a fresh database. */
function appScenarios(kind: Kind): (() => Promise<Row[]>)[] {
  const scenarios: ((database: DatabaseConfig) => Promise<Row>)[] = [
    (database) =>
      withSmtp((_sink, url) =>
        serveApp(database, { SMTP_URL: url }, (port) => measure(`health (${kind})`, port, health)),
      ),
    (database) => signupWithMail(database, `signup (${kind})`, 0),
    // For information, no target: the same with people's addresses in random order.
    (database) =>
      signupWithMail(database, `signup (${kind}), addresses in random order`, 0, 'random'),
    ...(kind === 'SQLite'
      ? [
          (database: DatabaseConfig) =>
            serveApp(database, { SIGNUP_CONFIRMATION: 'false' }, (port) =>
              measure(`signup (${kind}), confirmation off`, port, signups([])),
            ),
          (database: DatabaseConfig) =>
            signupWithMail(database, `signup (${kind}), ${BACKLOG} mails draining`, BACKLOG),
        ]
      : []),
    // The production limit (per client, counted in Redis): one client mostly gets 429 answers,
    // and nothing else may go wrong under the load.
    (database) =>
      serveApp(
        database,
        {
          REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
          SIGNUP_RATE_LIMIT_MAX: '10',
          SIGNUP_CONFIRMATION: 'false',
        },
        (port) => measure(`signup, limit on (${kind})`, port, signups([])),
      ),
  ];
  return scenarios.map((scenario) => () => onFresh(kind, scenario));
}

function printMachine() {
  const cpuList = cpus();
  console.log(`Machine: ${cpuList.length} CPUs, ${cpuList[0]?.model ?? 'unknown model'}`);
  console.log(
    `Node ${process.version}; ${CONNECTIONS} connections, ${SECONDS} s per scenario; ` +
      `mail to an SMTP server in another process, MAIL_RATE_PER_SECOND=0\n`,
  );
}

function printTable(header: string[], lines: string[][]) {
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

/** A row's throughput as a share of bare node:http beside it. */
const ratio = (row?: Row) => (row?.bare ? row.requestsPerSecond / row.bare : 0);

function printRows(rows: Row[], bares: Row[]) {
  const speeds = bares.map((row) => row.requestsPerSecond);
  console.log(
    `${BARE}, measured ${speeds.length} times between the scenarios (${BARE_SECONDS} s each): ` +
      `${Math.min(...speeds).toFixed(0)}-${Math.max(...speeds).toFixed(0)} req/s, in order ` +
      `${speeds.map((speed) => speed.toFixed(0)).join(', ')}. Each scenario's ratio is to the ` +
      'faster of the two measurements beside it.\n',
  );
  printTable(
    ['scenario', 'req/s', 'p99 ms', 'errors', '429', 'other non-2xx', 'bare beside', 'vs bare'],
    rows.map((row) => [
      row.scenario,
      row.requestsPerSecond.toFixed(0),
      row.p99Ms.toFixed(1),
      String(row.errors),
      String(row.tooMany),
      String(row.non2xx - row.tooMany),
      (row.bare ?? 0).toFixed(0),
      `${(ratio(row) * 100).toFixed(1)}%`,
    ]),
  );
  const drained = rows.filter((row) => row.drain);
  if (drained.length === 0) return;
  console.log('\nConfirmation mails, one to one at the SMTP server:');
  printTable(
    [
      'scenario',
      'owed',
      'queued at end',
      'missing',
      'twice',
      'stray',
      'in flight at end',
      'seconds',
      'mails/s',
    ],
    drained.map(({ scenario, drain }) => [
      scenario,
      String(drain!.owed),
      String(drain!.queuedAtEnd),
      String(drain!.missing),
      String(drain!.twice),
      String(drain!.stray),
      String(drain!.unanswered),
      drain!.seconds.toFixed(1),
      drain!.mailsPerSecond.toFixed(0),
    ]),
  );
}

const delivered = (drain?: Drain) =>
  drain !== undefined && drain.missing === 0 && drain.twice === 0 && drain.stray === 0;

function printTargets(rows: Row[]) {
  const find = (scenario: string) => rows.find((row) => row.scenario === scenario);
  const clean = (row?: Row) => row !== undefined && row.errors === 0 && row.non2xx === 0;
  const sqliteHealth = find('health (SQLite)');
  const sqlite = find('signup (SQLite)');
  const backlog = find(`signup (SQLite), ${BACKLOG} mails draining`);
  const postgres = find('signup (PostgreSQL)');
  const targets: [string, boolean][] = [
    ['health (SQLite) >= 50% of bare', ratio(sqliteHealth) >= 0.5],
    ['signup (SQLite) >= 15% of bare', ratio(sqlite) >= 0.15],
    ['signup (SQLite) p99 <= 25 ms', (sqlite?.p99Ms ?? Infinity) <= 25],
    ['signup (SQLite) 0 errors, 0 non-2xx', clean(sqlite)],
    ['signup (SQLite) every confirmation delivered once', delivered(sqlite?.drain)],
    ['signup (SQLite) drain >= 300 mails/s', (sqlite?.drain?.mailsPerSecond ?? 0) >= 300],
    ['signup (PostgreSQL) >= 12% of bare', ratio(postgres) >= 0.12],
    ['signup (PostgreSQL) p99 <= 40 ms', (postgres?.p99Ms ?? Infinity) <= 40],
    ['signup (PostgreSQL) 0 errors, 0 non-2xx', clean(postgres)],
    ['signup (PostgreSQL) every confirmation delivered once', delivered(postgres?.drain)],
    [
      `signup p99 during a ${BACKLOG}-mail drain <= 1.5x its p99 with none`,
      (backlog?.p99Ms ?? Infinity) <= 1.5 * (sqlite?.p99Ms ?? 0),
    ],
    [
      `${BACKLOG}-mail drain: every mail delivered once, 0 errors`,
      delivered(backlog?.drain) && clean(backlog),
    ],
    [
      'every app scenario: 0 errors, 0 non-2xx other than 429',
      rows.every((row) => row.errors === 0 && row.non2xx === row.tooMany),
    ],
  ];
  console.log('\nTargets:');
  for (const [name, met] of targets) console.log(`  ${met ? 'PASS' : 'MISS'}  ${name}`);
}

const only = process.argv[2];

async function main() {
  printMachine();
  const floor = (file: string, scenario: string, seconds = SECONDS) =>
    withChild(file, [], (_c, m) => measure(scenario, m.port as number, { path: '/' }, seconds));
  const scenarios: (() => Promise<Row[]>)[] = [
    async () => [await floor('./hello-fastify.ts', 'fastify hello (framework floor)')],
    ...(only === 'postgres' ? [] : appScenarios('SQLite')),
    ...(only === 'sqlite' ? [] : appScenarios('PostgreSQL')),
  ];
  // Bare node:http before the first scenario and after each: a scenario's ratio uses the faster
  // of the two beside it, so a slow moment of the machine cannot flatter the service.
  const bares = [await floor('./hello-server.ts', BARE, BARE_SECONDS)];
  const rows: Row[] = [];
  for (const scenario of scenarios) {
    const measured = await scenario();
    if (measured.length === 0) continue;
    const after = await floor('./hello-server.ts', BARE, BARE_SECONDS);
    const beside = Math.max(bares.at(-1)!.requestsPerSecond, after.requestsPerSecond);
    for (const row of measured) row.bare = beside;
    bares.push(after);
    rows.push(...measured);
  }
  printRows(rows, bares);
  printTargets(rows);
}

await main();
