/**
 * CPU time the server process spends per request (node bench/cpu-per-request.ts [count]):
 * user + system time from /proc before and after a fixed number of requests, for the bare
 * node:http floor, Fastify's hello and the service's health check. Unlike requests per second it
 * hardly moves when the machine is busy, so it shows what a change to the pipeline costs.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { processCpuMicros } from './proc-cpu.ts';

const COUNT = Number(process.argv[2] ?? 40_000);

async function measure(label: string, file: string, args: string[], path: string) {
  const server = fork(new URL(file, import.meta.url), args, {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const [{ port }] = (await once(server, 'message')) as [{ port: number }];
  const url = `http://127.0.0.1:${port}${path}`;
  await autocannon({ url, connections: 50, amount: 5_000 });
  const before = processCpuMicros(server.pid!);
  const result = await autocannon({ url, connections: 50, amount: COUNT });
  const used = processCpuMicros(server.pid!) - before;
  const exited = once(server, 'exit');
  server.kill('SIGTERM');
  await exited;
  const perRequest = used / result.requests.sent;
  console.log(
    `${label.padEnd(34)} ${perRequest.toFixed(1).padStart(7)} µs CPU per request  ` +
      `(${result.requests.average.toFixed(0)}/s, non-2xx ${result.non2xx})`,
  );
  return perRequest;
}

const dir = mkdtempSync(join(tmpdir(), 'reelscore-cpu-'));
try {
  const bare = await measure('bare node:http', './hello-server.ts', [], '/');
  await measure('fastify hello', './hello-fastify.ts', [], '/');
  const health = await measure(
    'health (SQLite)',
    './serve.ts',
    [JSON.stringify({ kind: 'sqlite', path: join(dir, 'bench.db') })],
    '/api/health',
  );
  console.log(`health costs ${(health / bare).toFixed(2)}x the bare floor's CPU per request`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
