import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/server/app.ts';
import {
  configFromEnv,
  parseEnv,
  type AppConfig,
  type DatabaseConfig,
} from '../src/server/config.ts';

/**
 * Runs the real app for the benches with the service's own defaults, as `npm start` runs it:
 * argv[2] is the DatabaseConfig as JSON; argv[3], optional JSON, settings as the environment
 * would give them (the SMTP server of the run, say); argv[4], optional JSON, changes the export
 * limits and names viewers. Without SIGNUP_RATE_LIMIT_MAX the signup limit is lifted: the benches
 * measure the endpoints, not the limiter refusing them.
 */
const database = JSON.parse(process.argv[2] ?? '') as DatabaseConfig;
const settings = JSON.parse(process.argv[3] || '{}') as Record<string, string>;
const changes = JSON.parse(process.argv[4] || '{}') as {
  exports?: Partial<AppConfig['exports']>;
  viewerEmails?: string[];
};
const config = configFromEnv(parseEnv({ LOG_LEVEL: 'info', ...settings }));

const app = await buildApp({
  // Requests are logged at info; the parent discards stdout, so the cost is real.
  ...config,
  database,
  ...(settings.SIGNUP_RATE_LIMIT_MAX
    ? {}
    : { signupRateLimit: { max: 1_000_000_000, windowMs: 60_000 } }),
  webRoot: '/nonexistent/reelscore-bench-web',
  exports: { ...config.exports, ...changes.exports },
  viewerEmails: new Set([...config.viewerEmails, ...(changes.viewerEmails ?? [])]),
});
await app.listen({ host: '127.0.0.1', port: 0 });
process.send?.({ port: (app.server.address() as AddressInfo).port });

let closing = false;
function close() {
  if (closing) return;
  closing = true;
  void app.close().finally(() => process.exit(0));
}
process.on('SIGTERM', close);
// The parent went away without stopping us.
process.on('disconnect', close);
