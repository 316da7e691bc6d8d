/**
 * Where the machine's CPU goes while signups come in (node bench/signup-cpu.ts [sqlite|postgres]
 * [seconds] [connections]): the service with its defaults, mail at full speed to an SMTP server in
 * another process, 50 connections unless given. Prints, in µs of CPU a signup, the service's event
 * loop and its other threads (the sender, V8's helpers), PostgreSQL's processes, the SMTP server,
 * the load generator (this process) and the machine's idle time, from /proc (Linux only). A loop
 * near 100% of a core is the limit; idle time with a loop well under it means the signups wait
 * for something else (the database's round trips, say): then more connections bring more signups
 * a second.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { withTempPostgres, withTempSqlite } from './bench-databases.ts';
import { withChild } from './forked-server.ts';
import { cpuMicros, TICKS_PER_SECOND } from './proc-cpu.ts';
import type { DatabaseConfig } from '../src/server/config.ts';

const kind = process.argv[2] === 'postgres' ? 'postgres' : 'sqlite';
const SECONDS = Number(process.argv[3] ?? 8);
/** 50 as `bench/run.ts`; more or fewer show whether the intake waits on latency or on CPU. */
const CONNECTIONS = Number(process.argv[4] ?? 50);
if (!(SECONDS > 0) || !Number.isInteger(CONNECTIONS) || CONNECTIONS < 1) {
  throw new Error('usage: node bench/signup-cpu.ts [sqlite|postgres] [seconds] [connections]');
}
/** `cpuMicros`, or 0 for a process gone in the meantime (a PostgreSQL backend, say). */
function cpuMicrosIfThere(statFile: string): number {
  try {
    return cpuMicros(statFile);
  } catch {
    return 0;
  }
}

function postgresPids(): number[] {
  try {
    return execFileSync('pgrep', ['-u', 'postgres'], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // none on this machine (SQLite runs)
  }
}

function machine() {
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0] = readFileSync(
    '/proc/stat',
    'utf8',
  )
    .split('\n')[0]!
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const micros = (ticks: number) => (ticks * 1e6) / TICKS_PER_SECOND;
  return {
    busy: micros(user + nice + system + irq + softirq),
    idle: micros(idle),
    iowait: micros(iowait),
  };
}

function reading(serverPid: number, sinkPid: number) {
  const own = process.cpuUsage();
  return {
    loop: cpuMicrosIfThere(`/proc/${serverPid}/task/${serverPid}/stat`),
    service: cpuMicrosIfThere(`/proc/${serverPid}/stat`),
    postgres: postgresPids().reduce((sum, pid) => sum + cpuMicrosIfThere(`/proc/${pid}/stat`), 0),
    sink: cpuMicrosIfThere(`/proc/${sinkPid}/stat`),
    load: own.user + own.system,
    ...machine(),
  };
}

function load(port: number, seconds: number) {
  const prefix = `cpu-${Math.random().toString(36).slice(2, 10)}`;
  let n = 0;
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/utility/signup',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({ email: `${prefix}-${n++}@example.com`, signupType: 'general' }),
        }),
      },
    ],
  });
}

async function measure(database: DatabaseConfig) {
  await withChild('./smtp-sink-process.ts', [], (sink, { url }) =>
    withChild(
      './serve.ts',
      [JSON.stringify(database), JSON.stringify({ MAIL_RATE_PER_SECOND: '0', SMTP_URL: url })],
      async (server, { port }) => {
        await load(port as number, 2); // warm-up
        const before = reading(server.pid!, sink.pid!);
        const result = await load(port as number, SECONDS);
        const after = reading(server.pid!, sink.pid!);
        const signups = result.requests.total;
        const per = (key: keyof typeof before) => ((after[key] - before[key]) / signups).toFixed(1);
        const loopShare = (after.loop - before.loop) / (SECONDS * 1e6);
        console.log(
          `${kind}, ${CONNECTIONS} connections: ${(signups / SECONDS).toFixed(0)} signups/s, ` +
            `p99 ${result.latency.p99} ms, ` +
            `${result.errors} errors, ${result.non2xx} non-2xx`,
        );
        console.log(
          `µs of CPU a signup: event loop ${per('loop')} (${(loopShare * 100).toFixed(0)}% of a ` +
            `core), service in all ${per('service')}, PostgreSQL ${per('postgres')}, SMTP server ` +
            `${per('sink')}, load generator ${per('load')}; machine busy ${per('busy')}, idle ` +
            `${per('idle')}, waiting for the disk ${per('iowait')}`,
        );
      },
    ),
  );
}

if (kind === 'postgres') await withTempPostgres(measure, undefined);
else await withTempSqlite(measure);
