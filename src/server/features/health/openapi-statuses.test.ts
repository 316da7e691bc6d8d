import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../test/databases.ts';
import {
  STATUS_OPERATIONS,
  StatusRecorder,
  documentedAnswers,
  inject,
  startMainApp,
  startStrainedApp,
  type DocumentedAnswers,
  type MainApp,
} from '../../test/openapi-statuses.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/test-smtp-server.ts';
import type { TestApp } from '../../test/test-app.ts';

const [sqlite] = await testDatabaseKinds();

/** The health check is called here the ways it can answer: up, and its database closed. */
describe("the health check's documented statuses, against those the server sends", () => {
  let smtp: TestSmtpServer;
  let main: MainApp;
  let strained: TestApp;
  let documented: DocumentedAnswers;
  const statuses = new StatusRecorder();
  const { call } = statuses;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    main = await startMainApp(sqlite!, smtp);
    strained = await startStrainedApp(sqlite!);
    documented = await documentedAnswers(main.app);

    await call('getHealth', 200, () => inject(main.app, { url: '/api/health' }));
    await strained.app.database.close();
    await call('getHealth', 503, () => inject(strained.app, { url: '/api/health' }));
  }, 120_000);
  afterAll(async () => {
    await main?.close();
    await strained?.close();
    await smtp?.close();
  });

  it('gets from every call the status it was written for', () => {
    expect(statuses.unexpected).toEqual([]);
  });

  it('sends only documented statuses, each in a documented media type', () => {
    expect(statuses.undocumented(documented)).toEqual([]);
  });

  it('sees every documented status at least once', () => {
    expect(statuses.unseen(documented, STATUS_OPERATIONS.health)).toEqual([]);
  });
});
