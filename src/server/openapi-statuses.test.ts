import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from './test/databases.ts';
import { STATUS_OPERATIONS, documentedAnswers } from './test/openapi-statuses.ts';
import { startTestApp, type TestApp } from './test/test-app.ts';

const [sqlite] = await testDatabaseKinds();

/**
 * Each feature's `openapi-statuses.test.ts` brings about every documented status of the
 * operations `STATUS_OPERATIONS` gives it, and finds each answer it gets documented. Together
 * they check the whole document when every documented operation is given to one of them, and
 * each of them is there to check it.
 */
describe("the features' statuses tests, against the OpenAPI document", () => {
  let testApp: TestApp;
  let documented: string[];

  beforeAll(async () => {
    testApp = await startTestApp(sqlite!);
    documented = [...(await documentedAnswers(testApp.app)).keys()];
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('are given every documented operation, each once', () => {
    const given = Object.values(STATUS_OPERATIONS).flat();
    expect([...given].sort()).toEqual([...documented].sort());
  });

  it('each live beside their feature', () => {
    const missing = Object.keys(STATUS_OPERATIONS).filter(
      (feature) =>
        !existsSync(new URL(`./features/${feature}/openapi-statuses.test.ts`, import.meta.url)),
    );
    expect(missing).toEqual([]);
  });
});
