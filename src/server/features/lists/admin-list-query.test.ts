import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';
import { adminGetter } from '../../test/admin-test-data.ts';

const kinds = await testDatabaseKinds();

const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 100';
const OFFSET_MESSAGE = 'offset must be a whole number, 0 or more';

describe.each(kinds)('admin list query validation on $name', (kind) => {
  let testApp: TestApp;
  let get: (url: string) => Promise<LightMyRequestResponse>;

  beforeAll(async () => {
    testApp = await startTestApp(kind);
    get = await adminGetter(testApp.app);
  });
  afterAll(() => testApp.close());

  describe.each(['/api/admin/signups', '/api/admin/users'])('%s', (path) => {
    it.each([
      ['limit=0', LIMIT_MESSAGE],
      ['limit=101', LIMIT_MESSAGE],
      ['limit=-5', LIMIT_MESSAGE],
      ['limit=2.5', LIMIT_MESSAGE],
      ['limit=ten', LIMIT_MESSAGE],
      ['limit=', LIMIT_MESSAGE],
      ['limit=1&limit=2', LIMIT_MESSAGE],
      ['offset=-1', OFFSET_MESSAGE],
      ['offset=1.5', OFFSET_MESSAGE],
      ['offset=abc', OFFSET_MESSAGE],
      ['offset=9007199254740992', OFFSET_MESSAGE],
      [`search=${'a'.repeat(255)}`, 'Search must be at most 254 characters'],
      ['search=a&search=b', 'search must be a single text value'],
      ['search=%00', 'Search must not contain control characters'],
      ['search=ab%0Acd', 'Search must not contain control characters'],
    ])('refuses %s with 400 and a clear message', async (query, message) => {
      const response = await get(`${path}?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    });

    it.each([
      ['limit=1', 1, 0],
      ['limit=100', 100, 0],
      ['offset=0', undefined, 0],
      [`offset=${Number.MAX_SAFE_INTEGER}`, undefined, Number.MAX_SAFE_INTEGER],
    ])('accepts %s', async (query, limit, offset) => {
      const response = await get(`${path}?${query}`);
      expect(response.statusCode).toBe(200);
      const { pagination } = response.json<{ pagination: { limit: number; offset: number } }>();
      expect(pagination.offset).toBe(offset);
      if (limit !== undefined) expect(pagination.limit).toBe(limit);
    });
  });
});
