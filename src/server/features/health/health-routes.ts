import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponseSchema, type HealthResponse } from '../../../contract/health.ts';
import type { AppConfig } from '../../config.ts';
import { sharedCheck } from './database-check.ts';

export function healthRoutes(app: FastifyInstance, config: AppConfig) {
  const databaseUp = sharedCheck(() => app.database.ping(), config.healthCheckMaxAgeMs);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { access: 'public' },
      // Health checks arrive every few seconds from monitors; only failures are worth a log line.
      logLevel: 'warn',
      schema: {
        operationId: 'getHealth',
        summary: 'Service health',
        description:
          '200 when the service and its database answer; 503 with the same shape otherwise.',
        tags: ['health'],
        response: {
          200: healthResponseSchema.describe('The service and its database answer.'),
          503: healthResponseSchema.describe('The database does not answer.'),
        },
      },
    },
    (request, reply) => {
      const answer = (up: boolean) => {
        const body: HealthResponse = {
          status: up ? 'ok' : 'degraded',
          timestamp: new Date().toISOString(),
          version: config.version,
          service: config.service,
          checks: { database: up ? 'ok' : 'error' },
        };
        if (!up) request.log.warn('health check: database unreachable');
        void reply
          .code(up ? 200 : 503)
          .header('cache-control', 'no-store')
          .send(body);
      };
      // Most checks reuse a recent answer: then no promise is made for the request.
      const known = databaseUp.fresh();
      return known === undefined ? databaseUp().then(answer) : answer(known);
    },
  );
}
