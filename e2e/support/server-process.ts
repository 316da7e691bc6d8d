import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { E2E_BUILD_DIR } from './environment.ts';

/**
 * A second instance of the real service, for tests that need their own configuration. Without a
 * port it takes a free one, and another if a process took that one before the service bound it.
 */
export async function startServer(
  port: number | undefined,
  env: Record<string, string>,
): Promise<{ origin: string; stop(): Promise<void> }> {
  if (port === undefined) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await startServer(await freePort(), env);
      } catch (error) {
        if (attempt === 3 || !(error instanceof PortTakenError)) throw error;
      }
    }
  }
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: origin,
      WEB_ROOT: `${E2E_BUILD_DIR}/client`,
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    errors += chunk;
    process.stderr.write(chunk);
  });
  // As long as the runner waits for the main server: on a busy machine a start takes more than
  // 15 s, and a test handed an origin nothing answers on fails far from the cause.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      if (errors.includes('EADDRINUSE')) throw new PortTakenError(port);
      throw new Error(`server exited with ${child.exitCode}`);
    }
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the server on ${origin} did not answer /api/health within 60 s`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    origin,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

class PortTakenError extends Error {
  constructor(port: number) {
    super(`port ${port} was taken before the server could listen on it`);
  }
}

/** A port nobody listens on at the moment, for a server a test starts itself. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}
