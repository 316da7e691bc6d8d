import { buildApp } from './app.ts';
import { ConfigError, configFromEnv, parseEnv } from './config.ts';

async function main() {
  let env;
  try {
    env = parseEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const config = configFromEnv(env);
  const app = await buildApp(config);

  let shuttingDown = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    // A stuck request must not keep the process alive forever.
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, env.SHUTDOWN_TIMEOUT_SECONDS * 1000);
    timer.unref();
    app.close().then(
      () => {
        app.log.info('shutdown complete');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);

  // The embedded sign-in was allowed for this address only (config.ts).
  await app.listen({ host: config.listenHost, port: env.PORT });
  app.log.info(`ReelScore is running at ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  // A setting refused while the app is built reads like one refused by parseEnv: no stack.
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
