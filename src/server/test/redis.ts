import { Redis } from 'ioredis';

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Redis tests run when Redis answers; in CI (CI=true) an unreachable Redis is an error. */
export async function redisAvailable(): Promise<boolean> {
  const client = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    if (process.env.CI === 'true')
      throw new Error(`Redis is required in CI but ${REDIS_URL} is unreachable`);
    console.warn(`NOTICE: Redis at ${REDIS_URL} is unreachable; its tests are skipped.`);
    return false;
  } finally {
    client.disconnect();
  }
}
