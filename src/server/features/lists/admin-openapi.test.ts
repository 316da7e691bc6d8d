import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startTestApp, type TestApp } from '../../test/test-app.ts';

const [sqlite] = await testDatabaseKinds();

interface Operation {
  tags?: string[];
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
}

describe('the admin calls in the OpenAPI document', () => {
  let testApp: TestApp;
  let paths: Record<string, Record<string, Operation>>;

  beforeAll(async () => {
    testApp = await startTestApp(sqlite!);
    const response = await testApp.app.inject({ url: '/api/openapi.json' });
    paths = response.json<{ paths: typeof paths }>().paths;
  });
  afterAll(() => testApp.close());

  it.each([
    ['/api/admin/signups', 'get'],
    ['/api/admin/users', 'get'],
  ])('documents %s with its query and every answer', (path, method) => {
    const operation = paths[path]?.[method];
    expect(operation?.tags).toEqual(['admin']);
    expect(operation?.parameters?.map((parameter) => parameter.name).sort()).toEqual([
      'confirmation',
      'from',
      'limit',
      'offset',
      'order',
      'product',
      'referrer',
      'registered',
      'search',
      'sort',
      'source',
      'to',
      'type',
      'waiting',
      'whitelisted',
    ]);
    expect(Object.keys(operation?.responses ?? {}).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '503',
    ]);
  });

  it.each([
    ['/api/admin/whitelist/add', 'post'],
    ['/api/admin/whitelist/remove', 'delete'],
  ])('documents %s with its body and every answer', (path, method) => {
    const operation = paths[path]?.[method];
    expect(operation?.tags).toEqual(['admin']);
    expect(operation?.requestBody).toBeDefined();
    expect(Object.keys(operation?.responses ?? {}).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '413',
      '415',
      '503',
    ]);
  });
});
