import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const MAIN = resolve(import.meta.dirname, '..', 'main.ts');
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 5_000;

/** The service as `npm start` runs it: its own process, in an empty folder. */
export interface ServiceProcess {
  /** Where it listens, e.g. http://127.0.0.1:41234. */
  origin: string;
  child: ChildProcess;
  /** Everything it printed so far (JSON log lines). */
  output(): string;
  /** SIGTERM, then SIGKILL if it has not exited in time; resolves once it is gone. */
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
// A test run that dies half-way must not leave services behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts `node src/server/main.ts` with only `env` (and PATH) and waits until it listens. */
export async function startServiceProcess(env: Record<string, string>): Promise<ServiceProcess> {
  const cwd = mkdtempSync(join(tmpdir(), 'reelscore-service-'));
  const child = spawn(process.execPath, [MAIN], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) =>
    child.once('exit', () => {
      running.delete(child);
      rmSync(cwd, { recursive: true, force: true });
      done();
    }),
  );

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return exited;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };

  try {
    const origin = await new Promise<string>((done, fail) => {
      const timer = setTimeout(
        () => fail(new Error(`service did not start in time:\n${output}`)),
        START_TIMEOUT_MS,
      );
      child.stdout.on('data', () => {
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match?.[1]) {
          clearTimeout(timer);
          done(match[1]);
        }
      });
      void exited.then(() => {
        clearTimeout(timer);
        fail(new Error(`service exited before listening:\n${output}`));
      });
    });
    return { origin, child, output: () => output, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
