import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/server/app.ts';
import {
  configFromEnv,
  parseEnv,
  type AppConfig,
  type DatabaseConfig,
} from '../src/server/config.ts';

/**
 * Runs the real app for bench/run.ts and bench/slow-exports.ts: argv[2] is the DatabaseConfig as
 * JSON; argv[3] `limited` keeps the signup rate limit of production, counted in Redis; argv[4],
 * optional JSON, changes the export limits and names viewers.
 */
const database = JSON.parse(process.argv[2] ?? '') as DatabaseConfig;
const limited = process.argv[3] === 'limited';
const changes = JSON.parse(process.argv[4] ?? '{}') as {
  exports?: Partial<AppConfig['exports']>;
  viewerEmails?: string[];
};
const defaults = configFromEnv(parseEnv({ LOG_LEVEL: 'info' }));

const app = await buildApp({
  // The service's own defaults, as `npm start` runs it. Requests are logged at info; the parent
  // discards stdout, so the cost is real.
  ...defaults,
  database,
  ...(limited
    ? { redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' }
    : // The bench measures the endpoint's throughput, not the limiter refusing it.
      { signupRateLimit: { max: 1_000_000_000, windowMs: 60_000 } }),
  webRoot: '/nonexistent/reelscore-bench-web',
  exports: { ...defaults.exports, ...changes.exports },
  viewerEmails: new Set(changes.viewerEmails ?? []),
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
