import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { Agent } from 'node:http';
import { createServer } from 'node:net';
import { send } from './http-client.ts';

const SERVICE_ENTRY = new URL('../../src/server/main.ts', import.meta.url).pathname;
const EXIT_WITH_PARENT = new URL('./exit-with-parent.ts', import.meta.url).pathname;
const HEALTH_TIMEOUT_MS = 60_000;
const OUTPUT_KEPT_CHARS = 4000;

/** Every service this runner started and has not seen exit: killed if the runner exits first. */
const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** One life of the service, from start to its `kill -9`. */
export interface ServiceProcess {
  pid: number;
  port: number;
  /** Keep-alive connections of this life only, so no request is ever sent twice to a new one. */
  agent: Agent;
  /** False once the process has exited, whoever ended it. */
  alive(): boolean;
  /** The last few kilobytes the service wrote to stdout and stderr. */
  output(): string;
  /** `kill -9`; resolves once the process is gone. */
  kill(): Promise<void>;
}

/** A port nobody listens on now, chosen by the kernel. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no TCP port');
  return address.port;
}

/** Starts `node src/server/main.ts` and resolves when /api/health answers 200. */
export async function startService(
  port: number,
  env: Record<string, string>,
): Promise<ServiceProcess> {
  const child = spawn(process.execPath, ['--import', EXIT_WITH_PARENT, SERVICE_ENTRY], {
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  running.add(child);
  const exited = once(child, 'exit').then(() => running.delete(child));
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_KEPT_CHARS);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  // The service writes nothing to stdin; a kill closes the pipe under us.
  child.stdin.on('error', () => undefined);

  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const service: ServiceProcess = {
    pid: child.pid ?? -1,
    port,
    agent,
    alive: () => child.exitCode === null && child.signalCode === null,
    output: () => output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      agent.destroy();
    },
  };
  try {
    await waitForHealth(child, port, agent);
  } catch (error) {
    await service.kill();
    throw new Error(`${(error as Error).message}\nservice output:\n${output}`, { cause: error });
  }
  return service;
}

async function waitForHealth(child: ChildProcess, port: number, agent: Agent) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the service exited during start (${child.exitCode ?? child.signalCode})`);
    }
    const reply = await send({ agent, port, method: 'GET', path: '/api/health', timeoutMs: 1000 });
    if (reply.answered && reply.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the service did not become healthy within ${HEALTH_TIMEOUT_MS} ms`);
}
