import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/** Servers run in their own process so they never share an event loop with the load. */
export async function withServer<T>(
  file: string,
  args: string[],
  use: (port: number) => Promise<T>,
) {
  const child = fork(new URL(file, import.meta.url), args, {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  try {
    return await use(await portOf(child));
  } finally {
    await stop(child);
  }
}

function portOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`server exited with code ${code} before listening`)),
    );
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}
