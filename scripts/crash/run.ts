/**
 * Crash durability test (npm run test:crash): acknowledged writes must survive `kill -9`.
 *
 * For each database kind the real service (`node src/server/main.ts`) runs as a child process
 * on a fresh database while this process drives concurrent signups, whitelist changes and email
 * sends at it. Once the service is healthy the traffic resumes; once it has also sent one mail of
 * each template (its mail path is slow the first time), a random moment 150-600 ms later the
 * service is killed with SIGKILL while requests are in flight, then started again on the same
 * database. At the end the database is read directly: every write
 * that got a 2xx must be there, whole, with its confirmation mail delivered and its webhook
 * event accepted by a receiver that checks signatures. Requests cut by a kill may or may not be; they are
 * counted, not judged.
 *
 *   node scripts/crash/run.ts [--kills 20] [--concurrency 24] [--databases sqlite,postgres]
 *
 * The same settings can come from CRASH_KILLS, CRASH_CONCURRENCY and CRASH_DATABASES.
 * PostgreSQL is CRASH_DATABASE_URL or TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test);
 * when it is unreachable its run is skipped, except in CI (CI=true), where that fails.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { testConfig } from '../../src/server/test/test-config.ts';
import { openDatabase } from '../../src/server/db/database.ts';
import { createSession } from '../../src/server/features/auth/session-repository.ts';
import {
  createPostgres,
  createSqlite,
  postgresReachable,
  POSTGRES_URL,
  type CrashDatabase,
  type DatabaseKind,
} from './crash-databases.ts';
import { newWebhookSecret } from '../../src/server/features/integrations/webhook-repository.ts';
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../src/server/test/webhook-receiver.ts';
import { send } from './http-client.ts';
import { freePort, startService, type ServiceProcess } from './service-process.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { Gate, startTraffic, type Ledger } from './traffic.ts';
import { verify, type Findings } from './verify.ts';

/** Not the default programme, so a saved row proves the service read our settings. */
const SIGNUP_PROGRAM = 'BETA';
const ADMIN_EMAIL = 'crash-admin@example.com';
const KILL_AFTER_MS = { min: 150, max: 600 };
const NO_LIMIT = '1000000';
/** One secret for every life of the service: confirmation links must stay valid across kills. */
const UNSUBSCRIBE_SECRET = randomBytes(32).toString('base64url');
const WEBHOOK_SECRET = newWebhookSecret();
const DRAIN_TIMEOUT_MS = 600_000;

interface Options {
  kills: number;
  concurrency: number;
  databases: DatabaseKind[];
}

interface KindResult {
  kind: DatabaseKind;
  kills: number;
  findings: Findings;
  ledger: Ledger;
  inFlightAtKills: number[];
  restartMs: number[];
  drainMs: number;
}

function parseOptions(): Options {
  const { values } = parseArgs({
    options: {
      kills: { type: 'string', default: process.env.CRASH_KILLS ?? '20' },
      concurrency: { type: 'string', default: process.env.CRASH_CONCURRENCY ?? '24' },
      databases: { type: 'string', default: process.env.CRASH_DATABASES ?? 'sqlite,postgres' },
    },
  });
  const kills = Number(values.kills);
  const concurrency = Number(values.concurrency);
  const databases = values.databases.split(',').map((name) => name.trim());
  if (!Number.isInteger(kills) || kills < 1) throw new Error('--kills must be a whole number >= 1');
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new Error('--concurrency must be a whole number >= 1');
  }
  const unknown = databases.filter((name) => name !== 'sqlite' && name !== 'postgres');
  if (unknown.length > 0 || databases.length === 0) {
    throw new Error('--databases takes sqlite, postgres or both, comma-separated');
  }
  return { kills, concurrency, databases: databases as DatabaseKind[] };
}

/** Steps that undo what the run set up, newest first; also run on Ctrl-C. */
const cleanups: (() => Promise<unknown>)[] = [];
function onCleanup(step: () => Promise<unknown>): () => Promise<void> {
  cleanups.push(step);
  return async () => {
    cleanups.splice(cleanups.indexOf(step), 1);
    await step();
  };
}
async function cleanUp() {
  for (let step = cleanups.pop(); step; step = cleanups.pop()) {
    await step().catch((error: unknown) => console.error('cleanup failed:', error));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = ({ min, max }: { min: number; max: number }) => min + Math.random() * (max - min);

function serviceEnv(
  database: CrashDatabase,
  port: number,
  sink: SmtpSink,
  receiver: WebhookReceiver,
) {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'error',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // An empty directory: the placeholder page is enough and nothing is read from a build.
    WEB_ROOT: database.dir,
    SIGNUP_PROGRAM,
    SIGNUP_RATE_LIMIT_MAX: NO_LIMIT,
    EMAIL_RATE_LIMIT_MAX: NO_LIMIT,
    ADMIN_EMAILS: ADMIN_EMAIL,
    SMTP_URL: sink.url,
    UNSUBSCRIBE_SECRET,
    // Every signup queues its confirmation mail in the outbox; a message a killed instance was
    // sending is taken over after 10 s rather than 5 minutes, and nothing waits for a rate.
    SIGNUP_CONFIRMATION: 'true',
    MAIL_LEASE_SECONDS: '10',
    MAIL_RATE_PER_SECOND: '0',
    MAIL_CONNECTIONS: '10',
    // Every signup and whitelist change is a webhook event; an attempt a killed instance was
    // making is taken over when its lease (timeout + 30 s) runs out.
    WEBHOOK_URLS: receiver.url,
    WEBHOOK_SECRET,
    // The receiver listens on this machine: allowed explicitly.
    WEBHOOK_ALLOW_PRIVATE_TARGETS: '127.0.0.1',
    WEBHOOK_RETRY_SECONDS: '1,1,1,1,1,1,1,1,1,1',
    WEBHOOK_TIMEOUT_SECONDS: '2',
    // Whatever the caller's environment holds, this run's database is the only one used, and
    // rate-limit counters stay in the service's memory (empty means unset).
    DATABASE_URL: '',
    SQLITE_PATH: '',
    REDIS_URL: '',
    ...database.env,
  };
}

/** A real admin session row, as sign-in makes one: sessions live in the database. */
async function adminToken(database: CrashDatabase): Promise<string> {
  const handle = openDatabase(database.config);
  try {
    const { token } = await createSession(
      handle.db,
      { uid: 'crash-admin', email: ADMIN_EMAIL, displayName: 'Crash Test Admin', photoUrl: null },
      testConfig().session,
    );
    return token;
  } finally {
    await handle.close();
  }
}

async function templateIds(service: ServiceProcess, token: string): Promise<string[]> {
  const reply = await send({
    agent: service.agent,
    port: service.port,
    method: 'GET',
    path: '/api/email/templates',
    token,
  });
  const templates = reply.answered
    ? (reply.body as { templates?: { id: string }[] }).templates
    : undefined;
  if (!reply.answered || reply.status !== 200 || !templates?.length) {
    throw new Error(`GET /api/email/templates failed: ${JSON.stringify(reply)}`);
  }
  return templates.map((template) => template.id);
}

/** Waits until no mail or webhook is queued or being sent; returns how long that took. */
async function drainOutbox(database: CrashDatabase): Promise<number> {
  const started = performance.now();
  const handle = openDatabase(database.config);
  try {
    for (;;) {
      const mail = await handle.db
        .selectFrom('mail_outbox')
        .select(({ fn }) => fn.countAll<number>().as('count'))
        .where('status', 'in', ['queued', 'sending'])
        .executeTakeFirstOrThrow();
      const webhooks = await handle.db
        .selectFrom('webhook_deliveries')
        .select(({ fn }) => fn.countAll<number>().as('count'))
        .where('status', 'in', ['queued', 'sending'])
        .executeTakeFirstOrThrow();
      const waiting = { count: Number(mail.count) + Number(webhooks.count) };
      if (waiting.count === 0) return performance.now() - started;
      if (performance.now() - started > DRAIN_TIMEOUT_MS) {
        throw new Error(
          `the outboxes still held ${waiting.count} messages after ${DRAIN_TIMEOUT_MS} ms`,
        );
      }
      await sleep(100);
    }
  } finally {
    await handle.close();
  }
}

async function crashTest(kind: DatabaseKind, options: Options, sink: SmtpSink) {
  // A receiver per database kind: each run's events are checked against its own database.
  const receiver = await startWebhookReceiver(() => WEBHOOK_SECRET);
  onCleanup(() => receiver.close());
  const database = kind === 'sqlite' ? await createSqlite() : await createPostgres();
  const dropDatabase = onCleanup(() => database.drop());
  const port = await freePort();
  const env = serviceEnv(database, port, sink, receiver);
  let service: ServiceProcess | undefined = await startService(port, env);
  const killService = onCleanup(async () => service?.kill());
  // On PostgreSQL a second instance shares the outbox: it gets no traffic, drains mail, and is
  // killed with the first.
  const drainerPort = kind === 'postgres' ? await freePort() : undefined;
  const drainerEnv = drainerPort ? serviceEnv(database, drainerPort, sink, receiver) : undefined;
  let drainer: ServiceProcess | undefined =
    drainerPort && drainerEnv ? await startService(drainerPort, drainerEnv) : undefined;
  const killDrainer = onCleanup(async () => drainer?.kill());

  const token = await adminToken(database);
  const templates = await templateIds(service, token);
  const gate = new Gate();
  const traffic = startTraffic({
    gate,
    concurrency: options.concurrency,
    token,
    templates,
    tag: `${kind}${randomBytes(2).toString('hex')}`,
  });
  const inFlightAtKills: number[] = [];
  const restartMs: number[] = [];
  for (let kill = 1; kill <= options.kills; kill++) {
    if (!service) {
      const started = performance.now();
      service = await startService(port, env);
      restartMs.push(performance.now() - started);
    }
    if (!drainer && drainerPort && drainerEnv)
      drainer = await startService(drainerPort, drainerEnv);
    gate.open(service);
    await traffic.warmUp(service);
    await sleep(between(KILL_AFTER_MS));
    if (!service.alive()) {
      throw new Error(`${kind}: the service exited before it was killed:\n${service.output()}`);
    }
    inFlightAtKills.push(traffic.inFlight());
    gate.close();
    await Promise.all([service.kill(), drainer?.kill()]);
    service = undefined;
    drainer = undefined;
    if (kill % 5 === 0 || kill === options.kills) {
      console.error(`${kind}: ${kill}/${options.kills} kills`);
    }
  }
  gate.stop();
  await traffic.finished();
  // The last lives: the outbox drains (mail cut by the last kill is taken over) before the check.
  service = await startService(port, env);
  if (drainerPort && drainerEnv) drainer = await startService(drainerPort, drainerEnv);
  const drainMs = await drainOutbox(database);
  await killDrainer();
  await killService();

  const handle = openDatabase(database.config);
  let findings: Findings;
  try {
    findings = await verify(handle, traffic.ledger, {
      program: SIGNUP_PROGRAM,
      adminEmail: ADMIN_EMAIL,
      templates,
      delivered: sink.received,
      deliveries: sink.deliveries,
      messageIdHost: '127.0.0.1',
      webhooks: {
        accepted: receiver.accepted(),
        badSignatures: receiver.received.filter((webhook) => !webhook.signatureValid).length,
      },
    });
  } finally {
    await handle.close();
  }
  await dropDatabase();
  return {
    kind,
    kills: options.kills,
    findings,
    ledger: traffic.ledger,
    inFlightAtKills,
    restartMs,
    drainMs,
  } satisfies KindResult;
}

const mean = (values: number[]) =>
  values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
const counts = (map: Map<string, number>) =>
  [...map].map(([key, value]) => `${key} ×${value}`).join(', ') || 'none';

function summary({
  kind,
  kills,
  findings,
  ledger,
  inFlightAtKills,
  restartMs,
  drainMs,
}: KindResult) {
  const { signups, whitelist, emails, confirmations, webhooks } = findings;
  const tally = (name: string, t: { acknowledged: number; found: number; lost: number }) =>
    `${name}: ${t.acknowledged} acknowledged, ${t.found} found, ${t.lost} lost`;
  const lines = [
    [
      `${kind}: ${kills} kills`,
      tally('signups', signups),
      tally('whitelist', whitelist),
      tally('email log', emails),
      `${findings.halfWrittenRows} half-written rows`,
      `integrity_check ${findings.integrity}`,
    ].join(' · '),
    `  confirmation mails: ${confirmations.acknowledged} acknowledged signups, ${confirmations.deliveredOnce} delivered once, ` +
      `${confirmations.lost} lost, ${confirmations.duplicated} duplicated` +
      ` · resent with the same Message-ID after a kill: ${confirmations.resent}` +
      ` · outbox drained ${(drainMs / 1000).toFixed(1)} s after the last restart` +
      (kind === 'postgres' ? ' by 2 instances' : ''),
    `  webhook events: ${webhooks.events} written, ${webhooks.deliveredOnce} accepted once, ` +
      `${webhooks.resent} accepted again with the same webhook-id after a kill, ${webhooks.lost} lost`,
    `  cut by a kill (may or may not be saved): signups ${signups.cut} (${signups.cutSaved} saved)` +
      ` · whitelist ${whitelist.cut} (${whitelist.cutSaved} saved)` +
      ` · email ${emails.cut} (${emails.cutSaved} logged, ${emails.cutDelivered} delivered)`,
    `  requests in flight at each kill: ${Math.min(...inFlightAtKills)}–${Math.max(...inFlightAtKills)}` +
      ` (mean ${mean(inFlightAtKills).toFixed(1)}) · restart to healthy: ${(mean(restartMs) / 1000).toFixed(2)} s mean` +
      ` · why requests were cut: ${counts(ledger.cutReasons)}`,
    `  other answers (not acknowledged): ${counts(ledger.rejections)}`,
    ...findings.notes.map((note) => `  note: ${note}`),
    ...findings.problems.map((problem) => `  FAILED: ${problem}`),
  ];
  return lines.join('\n');
}

function passed({ findings }: KindResult) {
  return (
    findings.problems.length === 0 &&
    findings.halfWrittenRows === 0 &&
    findings.signups.lost +
      findings.whitelist.lost +
      findings.emails.lost +
      findings.confirmations.lost +
      findings.confirmations.duplicated +
      findings.webhooks.lost ===
      0
  );
}

async function databaseKinds(wanted: DatabaseKind[]): Promise<DatabaseKind[]> {
  if (!wanted.includes('postgres') || (await postgresReachable())) return wanted;
  if (process.env.CI === 'true') {
    throw new Error(`PostgreSQL is required in CI but ${POSTGRES_URL} is unreachable`);
  }
  console.warn(`NOTICE: PostgreSQL at ${POSTGRES_URL} is unreachable; its crash run is skipped.`);
  return wanted.filter((kind) => kind !== 'postgres');
}

async function main(): Promise<number> {
  const started = performance.now();
  const options = parseOptions();
  const kinds = await databaseKinds(options.databases);
  const sink = await startSmtpSink();
  onCleanup(() => sink.close());
  // The kinds run side by side: a restart is mostly module loading, so this halves the time.
  const settled = await Promise.allSettled(kinds.map((kind) => crashTest(kind, options, sink)));
  const failed = settled.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
  const results = settled.flatMap((outcome) =>
    outcome.status === 'fulfilled' ? [outcome.value] : [],
  );
  for (const result of results) console.log(summary(result));
  const ok = results.every(passed);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${ok ? 'PASSED' : 'FAILED'}: crash durability, ${seconds} s`);
  return ok ? 0 : 1;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the services and removing the test databases`);
    void cleanUp().finally(() => process.exit(130));
  });
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error(error);
} finally {
  await cleanUp();
}
process.exit(exitCode);
