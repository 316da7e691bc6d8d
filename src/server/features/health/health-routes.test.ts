import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponseSchema } from '../../../contract/health.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

const kinds = await testDatabaseKinds();

describe.each(kinds)('GET /api/health on $name', (kind) => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp(kind);
  });
  afterAll(() => testApp.close());

  it('answers 200 with the service, version, time and a passing database check', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = healthResponseSchema.parse(response.json());
    expect(body).toMatchObject({
      status: 'ok',
      service: 'reelscore-api',
      version: testApp.app.config.version,
      checks: { database: 'ok' },
    });
    expect(Math.abs(Date.parse(body.timestamp) - Date.now())).toBeLessThan(10_000);
  });

  it('answers 503 with the same shape when the database does not answer', async () => {
    await testApp.app.database.close();

    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });

    expect(response.statusCode).toBe(503);
    const body = healthResponseSchema.parse(response.json());
    expect(body).toMatchObject({ status: 'degraded', checks: { database: 'error' } });
  });
});
