import { createServer, type AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWebhookSecret } from '../features/integrations/webhook-repository.ts';
import { testConfig } from './test-config.ts';
import { adminHeaders } from './admin-session.ts';
import { testDatabaseKinds, type TestDatabaseKind } from './databases.ts';
import { testMailConfig } from './email-test-app.ts';
import { startListeningApp } from './listening-app.ts';
import { startTestApp, type TestApp } from './test-app.ts';
import { startTestSmtpServer, type TestSmtpServer } from './test-smtp-server.ts';

/**
 * The documented operations whose every status each feature's `openapi-statuses.test.ts`
 * (beside the feature) brings about. `src/server/openapi-statuses.test.ts` checks that together
 * they are the document's operations, each named once.
 */
export const STATUS_OPERATIONS = {
  waitlist: [
    'joinWaitlist',
    'getSignupConfirmationPage',
    'confirmSignup',
    'resendSignupConfirmation',
  ],
  access: [
    'addToWhitelist',
    'removeFromWhitelist',
    'sendEarlyAccessEmail',
    'previewBulkWhitelist',
    'bulkWhitelist',
    'previewWave',
    'createWave',
    'listWaves',
    'getWave',
    'retryWave',
    'getFunnel',
    'registerAppUser',
  ],
  lists: [
    'listSignups',
    'listUsers',
    'getAdminCounts',
    'listAuditLog',
    'exportSignups',
    'exportUsers',
    'importSignups',
    'getPerson',
  ],
  privacy: [
    'getUnsubscribePage',
    'unsubscribe',
    'getDataRequestPage',
    'requestDataCopy',
    'getDataErasurePage',
    'eraseMyData',
    'getPersonalData',
    'sendPersonalDataCopy',
    'erasePersonalData',
  ],
  integrations: ['listWebhooks', 'createWebhook', 'retryWebhookDeliveries', 'removeWebhook'],
  mail: [
    'listEmailTemplates',
    'listCaughtMail',
    'previewEmailTemplate',
    'sendTestEmail',
    'listOutboxMail',
    'retryOutboxMail',
  ],
  auth: [
    'listApiTokens',
    'createApiToken',
    'revokeApiToken',
    'getSession',
    'signOut',
    'startSignIn',
    'finishSignIn',
  ],
  health: ['getHealth'],
  referrals: ['listReferrals', 'decideReferrals', 'getReferralLeaderboard'],
  place: [
    'getPlacePage',
    'savePlaceProducts',
    'setPlaceMovedUpMail',
    'getPlaceLeavePage',
    'leaveWaitlist',
    'sendPlaceLink',
  ],
} as const satisfies Record<string, readonly string[]>;

/**
 * Documented answers no request can bring about, each with the reason. Empty: every documented
 * status is produced by the features' tests; keep it that way where you can.
 */
const NOT_PRODUCED: Record<string, string> = {};

export const ADMIN = 'statuses-admin@example.com';
export const STRANGER = 'statuses-stranger@example.com';
export const BROWSER = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
export const TEXT = { 'content-type': 'text/plain' };
export const JSON_TYPE = { 'content-type': 'application/json' };
export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
/** Over the 16 KiB every JSON route reads (and the 1 KiB of the unsubscribe form). */
export const BIG_JSON = JSON.stringify({
  email: 'big@example.com',
  padding: 'x'.repeat(17 * 1024),
});

export interface Answer {
  status: number;
  /** The media type of the body, or undefined when there is none. */
  mediaType: string | undefined;
}

interface OpenApiResponse {
  content?: Record<string, unknown>;
}
type Document = {
  paths: Record<string, Record<string, { operationId: string; responses: object }>>;
};
/** By operation, its documented statuses, each with the media types of its answer. */
export type DocumentedAnswers = Map<string, Map<string, string[]>>;

function mediaTypeOf(contentType: string | null | undefined, length: number) {
  if (length === 0) return undefined;
  return (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

export async function inject(app: FastifyInstance, options: InjectOptions): Promise<Answer> {
  const response = await app.inject(options);
  return {
    status: response.statusCode,
    mediaType: mediaTypeOf(
      response.headers['content-type']?.toString(),
      response.rawPayload.length,
    ),
  };
}

export async function fetched(response: Response): Promise<Answer> {
  const body = await response.arrayBuffer();
  return {
    status: response.status,
    mediaType: mediaTypeOf(response.headers.get('content-type'), body.byteLength),
  };
}

/** A port nothing listens on: taken from the system, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

/** The documented statuses of each operation in `app`'s document, and each answer's media types. */
export async function documentedAnswers(app: FastifyInstance): Promise<DocumentedAnswers> {
  const document = (await app.inject({ url: '/api/openapi.json' })).json<Document>();
  const answers: DocumentedAnswers = new Map();
  for (const methods of Object.values(document.paths)) {
    for (const { operationId, responses } of Object.values(methods)) {
      const byStatus = new Map<string, string[]>();
      for (const [status, response] of Object.entries(responses as Record<string, object>)) {
        byStatus.set(status, Object.keys((response as OpenApiResponse).content ?? {}));
      }
      answers.set(operationId, byStatus);
    }
  }
  return answers;
}

/**
 * The answers of a feature's calls. Each call names the status it is written to get; then the
 * answers are compared with the document both ways.
 */
export class StatusRecorder {
  /** By operation, each status answered and the media types it came in. */
  private readonly observed = new Map<string, Map<string, Set<string>>>();
  /** The calls that did not get the status they were written for. */
  readonly unexpected: string[] = [];

  /** Runs one call written to get `status` from `operationId` and records the answer. */
  readonly call = async (operationId: string, status: number, send: () => Promise<Answer>) => {
    const answer = await send();
    const statuses = this.observed.get(operationId) ?? new Map<string, Set<string>>();
    this.observed.set(operationId, statuses);
    const mediaTypes = statuses.get(String(answer.status)) ?? new Set<string>();
    statuses.set(String(answer.status), mediaTypes);
    mediaTypes.add(answer.mediaType ?? 'no body');
    if (answer.status !== status) {
      const call = send.toString().replace(/\s+/g, ' ').slice(0, 200);
      this.unexpected.push(`${operationId}: wanted ${status}, got ${answer.status}: ${call}`);
    }
    return answer;
  };

  /** The answers, of any operation called, that `documented` does not give. */
  undocumented(documented: DocumentedAnswers): string[] {
    const undocumented: string[] = [];
    for (const [operationId, statuses] of this.observed) {
      for (const [status, mediaTypes] of statuses) {
        const documentedTypes = documented.get(operationId)?.get(status);
        if (!documentedTypes) {
          undocumented.push(`${operationId} ${status}`);
          continue;
        }
        for (const mediaType of mediaTypes) {
          const expected = documentedTypes.length === 0 ? ['no body'] : documentedTypes;
          if (!expected.includes(mediaType))
            undocumented.push(`${operationId} ${status} as ${mediaType}`);
        }
      }
    }
    return undocumented;
  }

  /** The documented statuses of `operations` that no call got. */
  unseen(documented: DocumentedAnswers, operations: readonly string[]): string[] {
    return operations.flatMap((operationId) =>
      [...(documented.get(operationId)?.keys() ?? [])]
        .filter((status) => !this.observed.get(operationId)?.has(status))
        .map((status) => `${operationId} ${status}`)
        .filter((answer) => !(answer in NOT_PRODUCED)),
    );
  }
}

/** `use` while `table` is gone, as a failing disk or a broken migration would leave it. */
export async function without<T>(testApp: TestApp, table: string, use: () => Promise<T>) {
  const db = testApp.app.database.db;
  await sql`alter table ${sql.table(table)} rename to ${sql.table(`${table}_away`)}`.execute(db);
  try {
    return await use();
  } finally {
    await sql`alter table ${sql.table(`${table}_away`)} rename to ${sql.table(table)}`.execute(db);
  }
}

export type MainApp = TestApp & { origin: string };

/** Sends mail to `smtp`; signs in with the embedded provider. */
export async function startMainApp(kind: TestDatabaseKind, smtp: TestSmtpServer): Promise<MainApp> {
  return startListeningApp(kind, {
    adminEmails: new Set([ADMIN]),
    mail: testMailConfig({ smtpUrl: smtp.url }),
    // A receiver from the setting (nothing listens there; deliveries wait for their retries).
    webhooks: {
      ...testConfig().webhooks,
      urls: [`http://127.0.0.1:${await closedPort()}/hooks`],
      secret: newWebhookSecret(),
    },
  });
}

const OIDC = { clientId: 'reelscore-web', clientSecret: 'secret' };

/** Limits of one, and an identity provider nothing answers for. */
export async function startStrainedApp(kind: TestDatabaseKind): Promise<TestApp> {
  return startTestApp(kind, {
    adminEmails: new Set([ADMIN]),
    signupRateLimit: { max: 1, windowMs: 60_000 },
    appRateLimit: { max: 1, windowMs: 60_000 },
    mail: testMailConfig({ rateLimit: { max: 1, windowMs: 60_000 } }),
    oidc: { ...OIDC, issuer: `https://127.0.0.1:${await closedPort()}` },
  });
}

/** An identity provider the OpenID client refuses to use (plain http): a garbled provider. */
export async function startGarbledApp(kind: TestDatabaseKind): Promise<TestApp> {
  return startTestApp(kind, { oidc: { ...OIDC, issuer: 'http://127.0.0.1:9' } });
}

/** The apps and people the calls of one sending route need. */
export interface SendingCalls {
  call: StatusRecorder['call'];
  main: MainApp;
  smtp: TestSmtpServer;
  admin: Record<string, string>;
  stranger: Record<string, string>;
}

/**
 * The answers every route that sends one mail gives (`platform/mail/send-answers.ts`), each
 * brought about on `operationId`; gone@example.com must have unsubscribed.
 */
export async function sendingCalls(
  { call, main, smtp, admin, stranger }: SendingCalls,
  operationId: string,
  url: string,
  fields: Record<string, string>,
) {
  const app = main.app;
  const send = (payload: object | string, headers: Record<string, string> = {}) =>
    inject(app, { method: 'POST', url, payload, headers: { ...admin, ...headers } });
  smtp.reset('accept');
  await call(operationId, 200, () => send({ email: 'reader@example.com', ...fields }));
  await call(operationId, 400, () => send({ email: 'not an address', ...fields }));
  await call(operationId, 401, () =>
    inject(app, { method: 'POST', url, payload: { email: 'reader@example.com', ...fields } }),
  );
  await call(operationId, 403, () =>
    inject(app, {
      method: 'POST',
      url,
      payload: { email: 'reader@example.com', ...fields },
      headers: stranger,
    }),
  );
  await call(operationId, 409, () => send({ email: 'gone@example.com', ...fields }));
  await call(operationId, 413, () => send(BIG_JSON, JSON_TYPE));
  await call(operationId, 415, () => send('reader@example.com', TEXT));
  smtp.reset('reject-550');
  await call(operationId, 502, () => send({ email: 'bounce@example.com', ...fields }));
  smtp.reset('accept');
  await call(operationId, 503, () =>
    without(main, 'mail_outbox', () => send({ email: 'reader@example.com', ...fields })),
  );
  // A mail server slower than the admin's wait: the mail stays queued and the answer says so.
  smtp.reset('slow');
  const { mail } = main.app.config;
  const wait = mail.deliveryWaitMs;
  mail.deliveryWaitMs = 50;
  try {
    await call(operationId, 202, () => send({ email: 'patient@example.com', ...fields }));
  } finally {
    mail.deliveryWaitMs = wait;
    smtp.reset('accept');
  }
}

/** A sending route's limit of one send per admin, reached on `strained`. */
export async function sendLimitCalls(
  call: StatusRecorder['call'],
  strained: TestApp,
  operationId: string,
  url: string,
  fields: Record<string, string>,
) {
  const app = strained.app;
  // A new admin each time: the per-admin limit of one is the one reached.
  const sender = (await adminHeaders(app, `${operationId}@example.com`)).headers;
  app.config.adminEmails.add(`${operationId}@example.com`);
  const send = (email: string) =>
    inject(app, { method: 'POST', url, payload: { email, ...fields }, headers: sender });
  await call(operationId, 200, () => send(`first-${operationId}@example.com`));
  await call(operationId, 429, () => send(`second-${operationId}@example.com`));
}

/** What a feature's calls get: the recorder, the apps, and an admin's and a stranger's headers. */
export interface StatusRun {
  call: StatusRecorder['call'];
  main: MainApp;
  smtp: TestSmtpServer;
  /** Limits of one, and an identity provider nothing answers for. */
  strained: TestApp;
  /** Started only when asked for (`garbled: true`). */
  garbled: TestApp;
  admin: Record<string, string>;
  stranger: Record<string, string>;
}

/**
 * One feature's statuses test: `calls` brings about each documented status of the feature's
 * operations (`STATUS_OPERATIONS[feature]`) on apps started for it; then every call must have got
 * the status it was written for, every answer must be documented (the feature's and any other
 * route it called), and every documented status of the feature must have been seen.
 */
export function describeDocumentedStatuses(
  title: string,
  feature: keyof typeof STATUS_OPERATIONS,
  calls: (run: StatusRun) => Promise<void>,
  { garbled = false }: { garbled?: boolean } = {},
) {
  describe(title, () => {
    const statuses = new StatusRecorder();
    const opened: { close(): Promise<unknown> }[] = [];
    let documented: DocumentedAnswers;

    beforeAll(async () => {
      const [sqlite] = await testDatabaseKinds();
      const smtp = await startTestSmtpServer();
      opened.push(smtp);
      const main = await startMainApp(sqlite!, smtp);
      opened.unshift(main);
      const strained = await startStrainedApp(sqlite!);
      opened.unshift(strained);
      const garbledApp = garbled ? await startGarbledApp(sqlite!) : undefined;
      if (garbledApp) opened.unshift(garbledApp);
      documented = await documentedAnswers(main.app);
      await calls({
        call: statuses.call,
        main,
        smtp,
        strained,
        get garbled(): TestApp {
          if (!garbledApp) throw new Error('ask for the garbled app with { garbled: true }');
          return garbledApp;
        },
        admin: (await adminHeaders(main.app, ADMIN)).headers,
        stranger: (await adminHeaders(main.app, STRANGER)).headers,
      });
    }, 120_000);
    afterAll(async () => {
      for (const app of opened) await app.close();
    });

    it('gets from every call the status it was written for', () => {
      expect(statuses.unexpected).toEqual([]);
    });

    it('sends only documented statuses, each in a documented media type', () => {
      expect(statuses.undocumented(documented)).toEqual([]);
    });

    it('sees every documented status at least once', () => {
      expect(statuses.unseen(documented, STATUS_OPERATIONS[feature])).toEqual([]);
    });
  });
}
