import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { healthResponseSchema, type HealthResponse } from '../../../contract/health.ts';
import type { AppConfig } from '../../config.ts';

export function healthRoutes(app: FastifyInstance, config: AppConfig) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      // Health checks arrive every few seconds from monitors; only failures are worth a log line.
      logLevel: 'warn',
      schema: {
        summary: 'Service health',
        description:
          '200 when the service and its database answer; 503 with the same shape otherwise.',
        tags: ['health'],
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
    },
    async (request, reply) => {
      const databaseUp = await app.database.ping();
      const body: HealthResponse = {
        status: databaseUp ? 'ok' : 'degraded',
        timestamp: new Date().toISOString(),
        version: config.version,
        service: config.service,
        checks: { database: databaseUp ? 'ok' : 'error' },
      };
      if (!databaseUp) request.log.warn('health check: database unreachable');
      return reply
        .code(databaseUp ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
}
