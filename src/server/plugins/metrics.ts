import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppConfig } from '../config.ts';
import { outboxCounts } from '../platform/mail/outbox-repository.ts';
import { deliveryCounts } from '../platform/events/domain-events.ts';

export type SignupKind = 'new' | 'repeat';

/** What features report; a no-op while metrics are off. */
export interface AppMetrics {
  signupAccepted(kind: SignupKind): void;
  /** Where the metrics server listens (`http://127.0.0.1:port`); undefined while off. */
  readonly origin: string | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/** The outbox is counted at most this often, however often it is scraped. */
const OUTBOX_COUNT_MAX_AGE_MS = 5000;

/** The route's pattern, never the raw target: labels stay few, and carry no address or token. */
function routeLabel(request: FastifyRequest): string {
  if (request.is404) return 'not_found';
  return request.routeOptions.url ?? 'unknown';
}

function httpMetrics(app: FastifyInstance, registry: Registry) {
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by matched route pattern, method and status code.',
    labelNames: ['route', 'method', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      { route: routeLabel(request), method: request.method, status_code: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/** A gauge of rows by status, counted when scraped, reusing a count younger than a few seconds. */
function statusGauge(
  app: FastifyInstance,
  registry: Registry,
  gauge: { name: string; help: string; what: string },
  count: () => Promise<Record<string, number>>,
) {
  let counted: { at: number; counts: Promise<Record<string, number>> } | undefined;
  new Gauge({
    name: gauge.name,
    help: gauge.help,
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      if (!counted || Date.now() - counted.at > OUTBOX_COUNT_MAX_AGE_MS) {
        counted = { at: Date.now(), counts: count() };
      }
      const counts = await counted.counts.catch((error: unknown) => {
        app.log.warn({ err: error }, `${gauge.what} could not be counted for metrics`);
        counted = undefined;
        return {};
      });
      for (const [status, value] of Object.entries(counts)) this.set({ status }, value);
    },
  });
}

/** The mail outbox by status, and this instance's delivery rounds by outcome. */
function outboxMetrics(app: FastifyInstance, registry: Registry) {
  statusGauge(
    app,
    registry,
    {
      name: 'mail_outbox_messages',
      help: 'Messages in the mail outbox, by status (counted at most every 5 s).',
      what: 'mail outbox',
    },
    () => outboxCounts(app.database.db),
  );
  statusGauge(
    app,
    registry,
    {
      name: 'webhook_deliveries',
      help: 'Webhook deliveries, by status (counted at most every 5 s).',
      what: 'webhook deliveries',
    },
    () => deliveryCounts(app.database.db),
  );
  const rounds = new Counter({
    name: 'mail_delivery_rounds_total',
    help: 'Delivery rounds of this instance, by outcome (retry and dead are failures).',
    labelNames: ['status'],
    registers: [registry],
  });
  // The mail feature registers after this plugin; it exists once the app is ready.
  app.addHook('onReady', (done) => {
    app.mailer.onRoundFinished((status) => rounds.inc({ status }));
    done();
  });
}

function databaseMetrics(app: FastifyInstance, registry: Registry) {
  const use = (name: string, help: string, pick: 'total' | 'idle' | 'waiting') =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(app.database.poolUse()[pick]);
      },
    });
  use('db_pool_connections', 'Database connections open (SQLite: always 1).', 'total');
  use('db_pool_idle_connections', 'Database connections open and idle.', 'idle');
  use('db_pool_waiting_requests', 'Queries waiting for a free database connection.', 'waiting');
  new Gauge({
    name: 'exports_running',
    help: 'CSV exports streaming from this instance now (EXPORTS_TOTAL at most).',
    registers: [registry],
    collect() {
      this.set(app.exportSlots.running());
    },
  });
}

/** A server of its own for GET /metrics, so the figures are never served on the site's port. */
async function listenForScrapes(registry: Registry, host: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const path = request.url?.split('?', 1)[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}

/**
 * Prometheus metrics (README "Metrics"), on METRICS_PORT only: request rates and latencies by
 * route, signups, the mail outbox, the database pool, and the process's default figures. Each
 * app has its own registry, so several apps in one process (tests) do not collide.
 */
export async function registerMetrics(app: FastifyInstance, config: AppConfig) {
  const settings = config.metrics;
  if (!settings) {
    app.decorate('metrics', { signupAccepted: () => undefined, origin: undefined });
    return;
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  httpMetrics(app, registry);
  outboxMetrics(app, registry);
  databaseMetrics(app, registry);
  const signups = new Counter({
    name: 'signups_accepted_total',
    help: 'Signups recorded, by whether the address was new or already on the list.',
    labelNames: ['kind'],
    registers: [registry],
  });

  const server = await listenForScrapes(registry, settings.host, settings.port);
  app.addHook('onClose', (_app, done) => {
    server.closeAllConnections();
    server.close(() => done());
  });
  const { port } = server.address() as AddressInfo;
  const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  const origin = `http://${host}:${port}`;
  app.decorate('metrics', {
    signupAccepted: (kind: SignupKind) => signups.inc({ kind }),
    origin,
  });
  app.log.info({ url: `${origin}/metrics` }, 'metrics listening');
}
