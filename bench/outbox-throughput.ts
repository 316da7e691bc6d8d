/**
 * Outbox throughput (npm run bench): how many mails a second the outbox workers deliver to a
 * local SMTP server. For each scenario the real service runs as child processes on a fresh
 * database, N confirmation mails are queued in one transaction, and the time until the outbox
 * is empty is measured; every message must have reached the SMTP server exactly once.
 *
 *   node bench/outbox-throughput.ts [--messages 10000]
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { openDatabase } from '../src/server/db/database.ts';
import { enqueueMail } from '../src/server/platform/mail/outbox-repository.ts';
import {
  createPostgres,
  createSqlite,
  postgresReachable,
  type CrashDatabase,
} from '../scripts/crash/crash-databases.ts';
import { freePort, startService, type ServiceProcess } from '../scripts/crash/service-process.ts';
import { startSmtpSink, type SmtpSink } from '../scripts/crash/smtp-sink.ts';

const { values } = parseArgs({ options: { messages: { type: 'string', default: '10000' } } });
const MESSAGES = Number(values.messages);
if (!Number.isInteger(MESSAGES) || MESSAGES < 1) throw new Error('--messages must be >= 1');
const SECRET = randomBytes(32).toString('base64url');

interface Scenario {
  name: string;
  database: () => Promise<CrashDatabase>;
  instances: number;
}

async function queue(database: CrashDatabase, tag: string) {
  const handle = openDatabase(database.config);
  try {
    const issuedAt = new Date().toISOString();
    await handle.db.transaction().execute(async (trx) => {
      for (let n = 0; n < MESSAGES; n++) {
        await enqueueMail(trx, {
          to: `${tag}-${n}@example.com`,
          template: 'waitlist-confirmation',
          params: { signupId: `bench-${n}`, issuedAt },
          requestedBy: 'system',
        });
      }
    });
  } finally {
    await handle.close();
  }
}

async function drained(database: CrashDatabase): Promise<void> {
  const handle = openDatabase(database.config);
  try {
    for (;;) {
      const row = await handle.db
        .selectFrom('mail_outbox')
        .select(({ fn }) => fn.countAll<number>().as('count'))
        .where('status', 'in', ['queued', 'sending'])
        .executeTakeFirstOrThrow();
      if (Number(row.count) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await handle.close();
  }
}

async function run(scenario: Scenario, sink: SmtpSink) {
  const database = await scenario.database();
  const services: ServiceProcess[] = [];
  try {
    // The service migrates the database; every instance is up, idle, before the mail is queued.
    for (let n = 0; n < scenario.instances; n++) {
      const port = await freePort();
      services.push(
        await startService(port, {
          NODE_ENV: 'test',
          LOG_LEVEL: 'error',
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          WEB_ROOT: database.dir,
          SMTP_URL: sink.url,
          UNSUBSCRIBE_SECRET: SECRET,
          MAIL_RATE_PER_SECOND: '0',
          MAIL_CONNECTIONS: '10',
          DATABASE_URL: '',
          SQLITE_PATH: '',
          REDIS_URL: '',
          ...database.env,
        }),
      );
    }
    const tag = `${scenario.name.replace(/\W+/g, '-').toLowerCase()}-${randomBytes(2).toString('hex')}`;
    const before = sink.deliveries.size;
    const started = performance.now();
    await queue(database, tag);
    await drained(database);
    const seconds = (performance.now() - started) / 1000;
    const ours = [...sink.received].filter(([, to]) => to[0]?.startsWith(tag));
    const copies = ours.reduce((sum, [id]) => sum + (sink.deliveries.get(id) ?? 0), 0);
    if (ours.length !== MESSAGES || copies !== MESSAGES) {
      throw new Error(
        `${scenario.name}: ${ours.length} of ${MESSAGES} messages reached the server, ${copies} copies (before: ${before})`,
      );
    }
    return { scenario: scenario.name, seconds, perSecond: MESSAGES / seconds };
  } finally {
    await Promise.all(services.map((service) => service.kill()));
    await database.drop();
  }
}

const scenarios: Scenario[] = [
  { name: 'SQLite, 1 instance', database: createSqlite, instances: 1 },
];
if (await postgresReachable()) {
  scenarios.push(
    { name: 'PostgreSQL, 1 instance', database: createPostgres, instances: 1 },
    { name: 'PostgreSQL, 2 instances', database: createPostgres, instances: 2 },
  );
}
const sink = await startSmtpSink();
try {
  const results = [];
  for (const scenario of scenarios) {
    console.error(`outbox: ${scenario.name}, ${MESSAGES} messages...`);
    results.push(await run(scenario, sink));
  }
  console.log(
    `\nOutbox throughput: ${MESSAGES} queued mails to a local SMTP server, all delivered once`,
  );
  for (const result of results) {
    console.log(
      `  ${result.scenario.padEnd(26)} ${result.seconds.toFixed(1).padStart(6)} s  ${result.perSecond.toFixed(0).padStart(5)} mails/s`,
    );
  }
  const one = results.find((result) => result.scenario === 'PostgreSQL, 1 instance');
  const two = results.find((result) => result.scenario === 'PostgreSQL, 2 instances');
  if (one && two) {
    console.log(
      `  2 instances / 1 instance on PostgreSQL: ${(two.perSecond / one.perSecond).toFixed(2)}x`,
    );
  }
} finally {
  await sink.close();
}
