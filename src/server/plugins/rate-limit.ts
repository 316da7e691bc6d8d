import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { AppConfig } from '../config.ts';
import { clientKey } from '../lib/client-key.ts';
import { HttpError } from '../lib/http-errors.ts';

/**
 * Registers the limiter; routes opt in with `config.rateLimit`. Counters live in Redis when
 * `REDIS_URL` is set, so every instance behind one address shares them; in memory otherwise.
 * If Redis fails, requests pass rather than fail: a signup matters more than a counter.
 */
export async function registerRateLimit(app: FastifyInstance, config: AppConfig) {
  let redis: Redis | undefined;
  if (config.redisUrl) {
    redis = new Redis(config.redisUrl, {
      connectTimeout: 1000,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: true,
      lazyConnect: false,
    });
    redis.on('error', (error) => app.log.warn({ err: error }, 'Redis (rate limit store) error'));
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => redis?.disconnect());
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis } : {}),
    nameSpace: 'reelscore:rate-limit:',
    skipOnError: true,
    keyGenerator: (request) => clientKey(request.ip, request.socket.remoteAddress),
    // An Error, not a plain object: an error handler that hands it on (rethrows) would
    // otherwise have it sent as a 200 body.
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many attempts. Please try again in ${context.after}.`),
  });
}
