import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { type AppConfig } from '../config.ts';
import { testConfig } from './test-config.ts';
import type { TestDatabaseKind } from './databases.ts';

export interface TestApp {
  app: FastifyInstance;
  /** Closes the app and removes its database. */
  close(): Promise<void>;
}

export async function startTestApp(
  kind: TestDatabaseKind,
  overrides: Partial<AppConfig> = {},
): Promise<TestApp> {
  const database = await kind.create();
  const app = await buildApp(
    testConfig({ database: database.config, webRoot: '/nonexistent', ...overrides }),
  );
  return {
    app,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

export function postJson(app: FastifyInstance, url: string, body: unknown) {
  return app.inject({ method: 'POST', url, payload: body as object });
}
