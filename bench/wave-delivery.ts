/**
 * Invite wave delivery (npm run bench): the time from an admin's confirmation of a wave of N
 * people until every invitation reached a local SMTP server. The real service runs as a child
 * process on a fresh database holding N confirmed signups; the wave is previewed and started
 * through the admin API (an API token of the admin), and its progress endpoint is read until no
 * mail is queued. Every person must have received exactly one invitation.
 *
 *   node bench/wave-delivery.ts [--people 10000]
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { WavePreviewResponse, WaveResponse } from '../src/contract/waves.ts';
import { openDatabase } from '../src/server/db/database.ts';
import { createApiToken } from '../src/server/features/auth/api-token-repository.ts';
import {
  createPostgres,
  createSqlite,
  postgresReachable,
  type CrashDatabase,
} from '../scripts/crash/crash-databases.ts';
import { freePort, startService, type ServiceProcess } from '../scripts/crash/service-process.ts';
import { startSmtpSink, type SmtpSink } from '../scripts/crash/smtp-sink.ts';

const { values } = parseArgs({ options: { people: { type: 'string', default: '10000' } } });
const PEOPLE = Number(values.people);
if (!Number.isInteger(PEOPLE) || PEOPLE < 1 || PEOPLE > 50_000) {
  throw new Error('--people must be 1 to 50000');
}
const ADMIN = 'bench-admin@example.com';
const SECRET = randomBytes(32).toString('base64url');

interface Scenario {
  name: string;
  database: () => Promise<CrashDatabase>;
}

/** N confirmed signups, one minute apart, and a read-write API token of the admin. */
async function seed(database: CrashDatabase, tag: string): Promise<string> {
  const handle = openDatabase(database.config);
  try {
    const start = Date.UTC(2026, 0, 1);
    for (let first = 0; first < PEOPLE; first += 500) {
      const rows = [];
      for (let n = first; n < Math.min(PEOPLE, first + 500); n++) {
        const at = new Date(start + n * 60_000).toISOString();
        rows.push({
          id: `bench-${n}`,
          email: `${tag}-${n}@example.com`,
          program: 'CLOSED_ALPHA',
          source: 'bench',
          created_at: at,
          last_signup_at: at,
          confirmed_at: at,
        });
      }
      await handle.db.insertInto('signups').values(rows).execute();
    }
    const { token } = await createApiToken(handle.db, {
      name: 'wave bench',
      scope: 'write',
      createdBy: ADMIN,
    });
    return token;
  } finally {
    await handle.close();
  }
}

async function api<T>(service: ServiceProcess, token: string, path: string, body?: unknown) {
  const response = await fetch(`http://127.0.0.1:${service.port}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function run(scenario: Scenario, sink: SmtpSink) {
  const database = await scenario.database();
  let service: ServiceProcess | undefined;
  try {
    const port = await freePort();
    service = await startService(port, {
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      WEB_ROOT: database.dir,
      SMTP_URL: sink.url,
      UNSUBSCRIBE_SECRET: SECRET,
      ADMIN_EMAILS: ADMIN,
      MAIL_RATE_PER_SECOND: '0',
      MAIL_CONNECTIONS: '10',
      REQUEST_TIMEOUT_SECONDS: '300',
      DATABASE_URL: '',
      SQLITE_PATH: '',
      REDIS_URL: '',
      ...database.env,
    });
    const tag = `wave-${randomBytes(3).toString('hex')}`;
    const token = await seed(database, tag);
    const selection = { kind: 'invite', count: PEOPLE } as const;
    const preview = await api<WavePreviewResponse>(
      service,
      token,
      '/api/admin/waves/preview',
      selection,
    );
    if (preview.count !== PEOPLE) throw new Error(`preview counted ${preview.count}`);

    const started = performance.now();
    const { wave } = await api<WaveResponse>(service, token, '/api/admin/waves', {
      ...selection,
      expectedCount: preview.count,
    });
    const queuedSeconds = (performance.now() - started) / 1000;
    let progress = wave.progress;
    while (progress.queued > 0) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      progress = (await api<WaveResponse>(service, token, `/api/admin/waves/${wave.id}/progress`))
        .wave.progress;
    }
    const seconds = (performance.now() - started) / 1000;

    const ours = [...sink.received].filter(([, to]) => to[0]?.startsWith(`${tag}-`));
    const copies = ours.reduce((sum, [id]) => sum + (sink.deliveries.get(id) ?? 0), 0);
    const recipients = new Set(ours.map(([, to]) => to[0]));
    if (progress.sent !== PEOPLE || recipients.size !== PEOPLE || copies !== PEOPLE) {
      throw new Error(
        `${scenario.name}: ${progress.sent} sent, ${recipients.size} people reached, ${copies} copies of ${PEOPLE}`,
      );
    }
    return { scenario: scenario.name, queuedSeconds, seconds, perSecond: PEOPLE / seconds };
  } finally {
    await service?.kill();
    await database.drop();
  }
}

const scenarios: Scenario[] = [{ name: 'SQLite', database: createSqlite }];
if (await postgresReachable()) scenarios.push({ name: 'PostgreSQL', database: createPostgres });
const sink = await startSmtpSink();
try {
  const results = [];
  for (const scenario of scenarios) {
    console.error(`wave: ${scenario.name}, ${PEOPLE} people...`);
    results.push(await run(scenario, sink));
  }
  console.log(
    `\nInvite wave: ${PEOPLE} people whitelisted and invited, every invitation delivered once to a local SMTP server`,
  );
  for (const result of results) {
    console.log(
      `  ${result.scenario.padEnd(11)} wave queued in ${result.queuedSeconds.toFixed(1).padStart(5)} s, all delivered after ${result.seconds.toFixed(1).padStart(6)} s  (${result.perSecond.toFixed(0)} mails/s)`,
    );
  }
} finally {
  await sink.close();
}
