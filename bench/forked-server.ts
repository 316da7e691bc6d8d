import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/**
 * Runs `file` in a process of its own (servers never share an event loop with the load) and
 * calls `use` with its first IPC message (a server's `{ port }`); stops it afterwards.
 */
export async function withChild<T>(
  file: string,
  args: string[],
  use: (child: ChildProcess, first: Record<string, unknown>) => Promise<T>,
) {
  const child = fork(new URL(file, import.meta.url), args, {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    return await use(child, await firstMessage(child));
  } finally {
    await stop(child);
  }
}

/** `withChild` for a server: `use` gets the port it listens on. */
export function withServer<T>(file: string, args: string[], use: (port: number) => Promise<T>) {
  return withChild(file, args, (_child, first) => use(first.port as number));
}

function firstMessage(child: ChildProcess): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message as Record<string, unknown>));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`exited with code ${code} before it was ready`)));
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}
