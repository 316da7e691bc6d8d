import { createServer, type AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveTransaction } from './features/auth/transaction-repository.ts';
import { testMailConfig } from './test/email-test-app.ts';
import { startTestSmtpServer, type TestSmtpServer } from './test/test-smtp-server.ts';
import { unsubscribeSecret } from './platform/links/unsubscribe-token.ts';
import { dataRequestUrl } from './platform/links/data-request-token.ts';
import { confirmationUrl } from './platform/links/confirmation-token.ts';
import { insertSignup } from './features/waitlist/signup-repository.ts';
import { newWebhookSecret } from './features/integrations/webhook-repository.ts';
import { testConfig } from './config.ts';
import { adminHeaders } from './test/admin-session.ts';
import { appIdToken } from './test/app-id-token.ts';
import { testDatabaseKinds } from './test/databases.ts';
import { Browser, startListeningApp } from './test/listening-app.ts';
import { startTestApp, type TestApp } from './test/test-app.ts';

const [sqlite] = await testDatabaseKinds();
const ADMIN = 'statuses-admin@example.com';
const STRANGER = 'statuses-stranger@example.com';
const BROWSER = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const TEXT = { 'content-type': 'text/plain' };
const JSON_TYPE = { 'content-type': 'application/json' };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
/** Over the 16 KiB every JSON route reads (and the 1 KiB of the unsubscribe form). */
const BIG_JSON = JSON.stringify({ email: 'big@example.com', padding: 'x'.repeat(17 * 1024) });
/** The sign-in transaction cookie the callback reads (auth-routes.ts). */
const TRANSACTION_COOKIE = '__Host-reelscore_signin';

/**
 * Documented answers no request here can bring about, each with the reason. Empty: every
 * documented status is produced below; keep it that way where you can.
 */
const NOT_PRODUCED: Record<string, string> = {};

interface Answer {
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

function mediaTypeOf(contentType: string | null | undefined, length: number) {
  if (length === 0) return undefined;
  return (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

async function inject(app: FastifyInstance, options: InjectOptions): Promise<Answer> {
  const response = await app.inject(options);
  return {
    status: response.statusCode,
    mediaType: mediaTypeOf(
      response.headers['content-type']?.toString(),
      response.rawPayload.length,
    ),
  };
}

async function fetched(response: Response): Promise<Answer> {
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

/** The documented statuses of every operation and the media types of each answer. */
function documentedAnswers(document: Document): Map<string, Map<string, string[]>> {
  const answers = new Map<string, Map<string, string[]>>();
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
 * Every documented operation is called here the ways the server can answer it: the happy path
 * and each refusal (bad input, no session, not an admin, unknown id, wrong content type, too
 * large, too many, a failing database, mail server or identity provider). Each call names the
 * status it is written to get; then the answers are compared with the document both ways.
 */
describe('the statuses the OpenAPI document gives, against those the server sends', () => {
  let smtp: TestSmtpServer;
  /** Sends mail to a test SMTP server; signs in with the embedded provider. */
  let main: TestApp & { origin: string };
  /** Limits of one, and an identity provider nothing answers for. */
  let strained: TestApp;
  /** An identity provider the OpenID client refuses to use (plain http): a garbled provider. */
  let garbled: TestApp;
  let documented: Map<string, Map<string, string[]>>;
  const observed = new Map<string, Map<string, Set<string>>>();
  const unexpected: string[] = [];

  /** Runs one call written to get `status` from `operationId` and records the answer. */
  async function call(operationId: string, status: number, send: () => Promise<Answer>) {
    const answer = await send();
    const statuses = observed.get(operationId) ?? new Map<string, Set<string>>();
    observed.set(operationId, statuses);
    const mediaTypes = statuses.get(String(answer.status)) ?? new Set<string>();
    statuses.set(String(answer.status), mediaTypes);
    mediaTypes.add(answer.mediaType ?? 'no body');
    if (answer.status !== status) {
      const call = send.toString().replace(/\s+/g, ' ').slice(0, 200);
      unexpected.push(`${operationId}: wanted ${status}, got ${answer.status}: ${call}`);
    }
    return answer;
  }

  /** `use` while `table` is gone, as a failing disk or a broken migration would leave it. */
  async function without<T>(testApp: TestApp, table: string, use: () => Promise<T>) {
    const db = testApp.app.database.db;
    await sql`alter table ${sql.table(table)} rename to ${sql.table(`${table}_away`)}`.execute(db);
    try {
      return await use();
    } finally {
      await sql`alter table ${sql.table(`${table}_away`)} rename to ${sql.table(table)}`.execute(
        db,
      );
    }
  }

  async function adminCalls(admin: Record<string, string>, stranger: Record<string, string>) {
    const app = main.app;
    for (const [operationId, url] of [
      ['listSignups', '/api/admin/signups'],
      ['listUsers', '/api/admin/users'],
    ] as const) {
      await call(operationId, 200, () => inject(app, { url, headers: admin }));
      await call(operationId, 400, () => inject(app, { url: `${url}?limit=abc`, headers: admin }));
      await call(operationId, 401, () => inject(app, { url }));
      await call(operationId, 403, () => inject(app, { url, headers: stranger }));
      await call(operationId, 503, () =>
        without(main, 'signups', () => inject(app, { url, headers: admin })),
      );
    }
    for (const [operationId, url, table] of [
      ['getAdminCounts', '/api/admin/counts', 'signup_tally'],
      ['listAuditLog', '/api/admin/audit', 'audit_log'],
    ] as const) {
      await call(operationId, 200, () => inject(app, { url, headers: admin }));
      if (operationId === 'listAuditLog') {
        await call(operationId, 400, () => inject(app, { url: `${url}?limit=0`, headers: admin }));
      }
      await call(operationId, 401, () => inject(app, { url }));
      await call(operationId, 403, () => inject(app, { url, headers: stranger }));
      await call(operationId, 503, () =>
        without(main, table, () => inject(app, { url, headers: admin })),
      );
    }
    for (const [operationId, url] of [
      ['exportSignups', '/api/admin/signups/export'],
      ['exportUsers', '/api/admin/users/export'],
    ] as const) {
      await call(operationId, 200, () => inject(app, { url, headers: admin }));
      await call(operationId, 400, () => inject(app, { url: `${url}?sort=up`, headers: admin }));
      await call(operationId, 401, () => inject(app, { url }));
      await call(operationId, 403, () => inject(app, { url, headers: stranger }));
      await call(operationId, 503, () =>
        without(main, 'audit_log', () => inject(app, { url, headers: admin })),
      );
    }
    const importCsv = (payload: string, headers: Record<string, string> = admin) =>
      inject(app, {
        method: 'POST',
        url: '/api/admin/signups/import?dryRun=true',
        payload,
        headers: { ...headers, 'content-type': 'text/csv' },
      });
    const legacy = 'email,created_at\r\nlegacy@example.com,2024-01-01\r\n';
    await call('importSignups', 200, () => importCsv(legacy));
    await call('importSignups', 400, () => importCsv('no,header\r\n'));
    await call('importSignups', 401, () => importCsv(legacy, {}));
    await call('importSignups', 403, () => importCsv(legacy, stranger));
    await call('importSignups', 413, () => importCsv(`email,created_at\r\n${'x'.repeat(6e6)}`));
    await call('importSignups', 415, () =>
      inject(app, {
        method: 'POST',
        url: '/api/admin/signups/import',
        payload: '{}',
        headers: { ...admin, ...JSON_TYPE },
      }),
    );
    await call('importSignups', 503, () => without(main, 'signups', () => importCsv(legacy)));
    for (const [operationId, method] of [
      ['addToWhitelist', 'POST'],
      ['removeFromWhitelist', 'DELETE'],
    ] as const) {
      const url = `/api/admin/whitelist/${method === 'POST' ? 'add' : 'remove'}`;
      const change = (payload: string, headers: Record<string, string> = {}) =>
        inject(app, { method, url, payload, headers: { ...admin, ...JSON_TYPE, ...headers } });
      // Only a change writes the audit log: a new address for add, the listed one for remove.
      const changing = method === 'POST' ? 'new@example.com' : 'listed@example.com';
      await call(operationId, 503, () =>
        without(main, 'audit_log', () => change(`{"email":"${changing}"}`)),
      );
      await call(operationId, 200, () => change('{"email":"listed@example.com"}'));
      await call(operationId, 400, () => change('{"email":"not an address"}'));
      await call(operationId, 401, () => inject(app, { method, url, payload: {} }));
      await call(operationId, 403, () =>
        inject(app, { method, url, payload: { email: 'a@example.com' }, headers: stranger }),
      );
      await call(operationId, 403, () =>
        change('{"email":"a@example.com"}', {
          origin: 'https://evil.example',
          'sec-fetch-site': 'cross-site',
        }),
      );
      await call(operationId, 413, () => change(BIG_JSON));
      await call(operationId, 415, () => change('listed@example.com', TEXT));
    }
  }

  async function apiTokenCalls(admin: Record<string, string>, stranger: Record<string, string>) {
    const app = main.app;
    const url = '/api/admin/tokens';
    const crossSite = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const create = (payload: string, headers: Record<string, string> = {}) =>
      inject(app, {
        method: 'POST',
        url,
        payload,
        headers: { ...admin, ...JSON_TYPE, ...headers },
      });
    const valid = '{"name":"nightly export","scope":"read"}';
    const created = await app.inject({
      method: 'POST',
      url,
      payload: valid,
      headers: { ...admin, ...JSON_TYPE },
    });
    const { token, apiToken } = created.json<{ token: string; apiToken: { id: string } }>();
    const bearer = { authorization: `Bearer ${token}` };

    await call('listApiTokens', 200, () => inject(app, { url, headers: admin }));
    await call('listApiTokens', 401, () => inject(app, { url }));
    await call('listApiTokens', 403, () => inject(app, { url, headers: stranger }));
    await call('listApiTokens', 403, () => inject(app, { url, headers: bearer }));
    await call('listApiTokens', 503, () =>
      without(main, 'api_tokens', () => inject(app, { url, headers: admin })),
    );

    await call('createApiToken', 201, () => create(valid));
    await call('createApiToken', 400, () => create('{"name":"","scope":"read"}'));
    await call('createApiToken', 401, () => inject(app, { method: 'POST', url, payload: valid }));
    await call('createApiToken', 403, () =>
      inject(app, { method: 'POST', url, payload: valid, headers: { ...stranger, ...JSON_TYPE } }),
    );
    await call('createApiToken', 403, () => create(valid, crossSite));
    await call('createApiToken', 403, () =>
      inject(app, { method: 'POST', url, payload: valid, headers: { ...bearer, ...JSON_TYPE } }),
    );
    await call('createApiToken', 413, () => create(BIG_JSON));
    await call('createApiToken', 415, () => create(valid, TEXT));
    await call('createApiToken', 503, () => without(main, 'api_tokens', () => create(valid)));

    const revoke = (id: string, headers: Record<string, string> = admin) =>
      inject(app, { method: 'DELETE', url: `${url}/${id}`, headers });
    await call('revokeApiToken', 503, () => without(main, 'api_tokens', () => revoke(apiToken.id)));
    await call('revokeApiToken', 403, () => revoke(apiToken.id, bearer));
    await call('revokeApiToken', 200, () => revoke(apiToken.id));
    await call('revokeApiToken', 400, () => revoke('x'.repeat(65)));
    await call('revokeApiToken', 401, () => revoke(apiToken.id, {}));
    await call('revokeApiToken', 403, () => revoke(apiToken.id, stranger));
    await call('revokeApiToken', 403, () => revoke(apiToken.id, { ...admin, ...crossSite }));
    await call('revokeApiToken', 404, () => revoke('no-such-token'));
  }

  async function webhookCalls(admin: Record<string, string>, stranger: Record<string, string>) {
    const app = main.app;
    const url = '/api/admin/webhooks';
    const crossSite = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    const minted = await app.inject({
      method: 'POST',
      url: '/api/admin/tokens',
      payload: { name: 'webhook statuses', scope: 'write' },
      headers: admin,
    });
    const bearer = { authorization: `Bearer ${minted.json<{ token: string }>().token}` };
    const create = (payload: string, headers: Record<string, string> = admin) =>
      inject(app, { method: 'POST', url, payload, headers: { ...JSON_TYPE, ...headers } });
    const valid = '{"url":"https://hooks.example/reelscore","events":["signup.created"]}';

    await call('listWebhooks', 200, () => inject(app, { url, headers: admin }));
    await call('listWebhooks', 401, () => inject(app, { url }));
    await call('listWebhooks', 403, () => inject(app, { url, headers: stranger }));
    await call('listWebhooks', 503, () =>
      without(main, 'webhook_endpoints', () => inject(app, { url, headers: admin })),
    );

    const created = await app.inject({
      method: 'POST',
      url,
      payload: valid,
      headers: { ...admin, ...JSON_TYPE },
    });
    const { endpoint } = created.json<{ endpoint: { id: string } }>();
    await call('createWebhook', 201, () => create(valid));
    await call('createWebhook', 400, () => create('{"url":"ftp://hooks.example/"}'));
    await call('createWebhook', 401, () => create(valid, {}));
    await call('createWebhook', 403, () => create(valid, stranger));
    await call('createWebhook', 403, () => create(valid, { ...admin, ...crossSite }));
    await call('createWebhook', 403, () => create(valid, bearer));
    await call('createWebhook', 413, () => create(BIG_JSON));
    await call('createWebhook', 415, () => create(valid, { ...admin, ...TEXT }));
    await call('createWebhook', 503, () => without(main, 'webhook_endpoints', () => create(valid)));

    const retry = (id: string, headers: Record<string, string> = admin) =>
      inject(app, { method: 'POST', url: `${url}/${id}/retry`, headers });
    await call('retryWebhookDeliveries', 200, () => retry(endpoint.id));
    await call('retryWebhookDeliveries', 400, () => retry('x'.repeat(65)));
    await call('retryWebhookDeliveries', 401, () => retry(endpoint.id, {}));
    await call('retryWebhookDeliveries', 403, () => retry(endpoint.id, stranger));
    await call('retryWebhookDeliveries', 404, () => retry('no-such-endpoint'));
    await call('retryWebhookDeliveries', 503, () =>
      without(main, 'webhook_endpoints', () => retry(endpoint.id)),
    );

    const remove = (id: string, headers: Record<string, string> = admin) =>
      inject(app, { method: 'DELETE', url: `${url}/${id}`, headers });
    const listed = await app.inject({ url, headers: admin });
    const fromSetting = listed
      .json<{ endpoints: { id: string; origin: string }[] }>()
      .endpoints.find((candidate) => candidate.origin === 'setting')!;
    await call('removeWebhook', 503, () =>
      without(main, 'webhook_endpoints', () => remove(endpoint.id)),
    );
    await call('removeWebhook', 403, () => remove(endpoint.id, bearer));
    await call('removeWebhook', 204, () => remove(endpoint.id));
    await call('removeWebhook', 400, () => remove('x'.repeat(65)));
    await call('removeWebhook', 401, () => remove(endpoint.id, {}));
    await call('removeWebhook', 403, () => remove(endpoint.id, stranger));
    await call('removeWebhook', 404, () => remove(endpoint.id));
    await call('removeWebhook', 409, () => remove(fromSetting.id));
  }

  async function emailCalls(admin: Record<string, string>, stranger: Record<string, string>) {
    const app = main.app;
    for (const [operationId, url] of [
      ['listEmailTemplates', '/api/email/templates'],
      ['listCaughtMail', '/api/email/mailbox'],
      ['previewEmailTemplate', '/api/email/templates/removal-notice/preview'],
    ] as const) {
      await call(operationId, 200, () => inject(app, { url, headers: admin }));
      await call(operationId, 401, () => inject(app, { url }));
      await call(operationId, 403, () => inject(app, { url, headers: stranger }));
    }
    const preview = (id: string) => `/api/email/templates/${id}/preview`;
    await call('previewEmailTemplate', 400, () =>
      inject(app, { url: preview('%zz'), headers: admin }),
    );
    await call('previewEmailTemplate', 404, () =>
      inject(app, { url: preview('nope'), headers: admin }),
    );
    await call('previewEmailTemplate', 414, () =>
      inject(app, { url: preview('x'.repeat(101)), headers: admin }),
    );

    for (const [operationId, url, fields] of [
      ['sendTestEmail', '/api/email/test', { templateType: 'waitlist-confirmation' }],
      ['sendEarlyAccessEmail', '/api/email/early-access', {}],
    ] as const) {
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
    await call('sendTestEmail', 404, () =>
      inject(app, {
        method: 'POST',
        url: '/api/email/test',
        payload: { email: 'reader@example.com', templateType: 'nope' },
        headers: admin,
      }),
    );
  }

  /** The mail queue: the sends to bounce@example.com above left dead messages to retry. */
  async function outboxCalls(admin: Record<string, string>, stranger: Record<string, string>) {
    const app = main.app;
    const url = '/api/admin/outbox';
    await call('listOutboxMail', 200, () => inject(app, { url, headers: admin }));
    await call('listOutboxMail', 400, () =>
      inject(app, { url: `${url}?status=lost`, headers: admin }),
    );
    await call('listOutboxMail', 401, () => inject(app, { url }));
    await call('listOutboxMail', 403, () => inject(app, { url, headers: stranger }));
    await call('listOutboxMail', 503, () =>
      without(main, 'mail_outbox', () => inject(app, { url, headers: admin })),
    );

    const retryUrl = '/api/admin/outbox/retry';
    const retry = (payload: string, headers: Record<string, string> = {}) =>
      inject(app, {
        method: 'POST',
        url: retryUrl,
        payload,
        headers: { ...admin, ...JSON_TYPE, ...headers },
      });
    const allDead = '{"allDead":true}';
    await call('retryOutboxMail', 503, () => without(main, 'audit_log', () => retry(allDead)));
    await call('retryOutboxMail', 200, () => retry(allDead));
    await call('retryOutboxMail', 400, () => retry('{"ids":[]}'));
    await call('retryOutboxMail', 401, () =>
      inject(app, { method: 'POST', url: retryUrl, payload: { allDead: true } }),
    );
    await call('retryOutboxMail', 403, () =>
      inject(app, { method: 'POST', url: retryUrl, payload: { allDead: true }, headers: stranger }),
    );
    await call('retryOutboxMail', 413, () =>
      retry(JSON.stringify({ allDead: true, padding: 'x'.repeat(33 * 1024) })),
    );
    await call('retryOutboxMail', 415, () => retry('allDead', TEXT));
  }

  /** Bulk whitelist changes, invite waves and the funnel. */
  async function waveCalls(admin: Record<string, string>, stranger: Record<string, string>) {
    const app = main.app;
    const db = app.database.db;
    await insertSignup(db, { email: 'wave@example.com', program: 'BETA', source: 'general' });
    await db
      .updateTable('signups')
      .set({ confirmed_at: new Date().toISOString() })
      .where('email', '=', 'wave@example.com')
      .execute();
    const post = (url: string, payload: string, headers: Record<string, string> = admin) =>
      inject(app, { method: 'POST', url, payload, headers: { ...JSON_TYPE, ...headers } });
    const bulk = (expectedCount: number) =>
      JSON.stringify({
        action: 'add',
        selection: { emails: ['bulk@example.com'] },
        expectedCount,
      });
    const bulkPreview = JSON.stringify({
      action: 'add',
      selection: { matching: { type: 'BETA' } },
    });
    const huge = (body: object) => JSON.stringify({ ...body, padding: 'x'.repeat(520 * 1024) });
    for (const [operationId, url, body] of [
      ['previewBulkWhitelist', '/api/admin/whitelist/bulk/preview', bulkPreview],
      ['bulkWhitelist', '/api/admin/whitelist/bulk', bulk(1)],
    ] as const) {
      await call(operationId, 503, () => without(main, 'whitelist', () => post(url, body)));
      await call(operationId, 400, () => post(url, '{"action":"keep"}'));
      await call(operationId, 401, () => post(url, body, {}));
      await call(operationId, 403, () => post(url, body, stranger));
      await call(operationId, 413, () => post(url, huge(JSON.parse(body) as object)));
      await call(operationId, 415, () => post(url, body, { ...admin, ...TEXT }));
    }
    await call('previewBulkWhitelist', 200, () =>
      post('/api/admin/whitelist/bulk/preview', bulkPreview),
    );
    await call('bulkWhitelist', 409, () => post('/api/admin/whitelist/bulk', bulk(2)));
    await call('bulkWhitelist', 200, () => post('/api/admin/whitelist/bulk', bulk(1)));

    const wave = JSON.stringify({ kind: 'invite', count: 1, type: 'BETA' });
    const confirmed = (expectedCount: number) =>
      JSON.stringify({ kind: 'invite', count: 1, type: 'BETA', expectedCount });
    for (const [operationId, url, body] of [
      ['previewWave', '/api/admin/waves/preview', wave],
      ['createWave', '/api/admin/waves', confirmed(1)],
    ] as const) {
      await call(operationId, 400, () => post(url, '{"kind":"blast"}'));
      await call(operationId, 401, () => post(url, body, {}));
      await call(operationId, 403, () => post(url, body, stranger));
      await call(operationId, 413, () =>
        post(url, JSON.stringify({ kind: 'invite', padding: 'x'.repeat(17 * 1024) })),
      );
      await call(operationId, 415, () => post(url, body, { ...admin, ...TEXT }));
    }
    await call('previewWave', 503, () =>
      without(main, 'signups', () => post('/api/admin/waves/preview', wave)),
    );
    await call('previewWave', 200, () => post('/api/admin/waves/preview', wave));
    await call('createWave', 409, () => post('/api/admin/waves', confirmed(2)));
    await call('createWave', 503, () =>
      without(main, 'invite_waves', () => post('/api/admin/waves', confirmed(1))),
    );
    const created = await call('createWave', 201, () =>
      inject(app, {
        method: 'POST',
        url: '/api/admin/waves',
        payload: JSON.parse(confirmed(1)) as object,
        headers: admin,
      }),
    );
    expect(created.status).toBe(201);
    const [row] = await db.selectFrom('invite_waves').select('id').execute();
    const id = row!.id;
    const unknown = '00000000-0000-7000-8000-000000000000';

    const list = '/api/admin/waves';
    await call('listWaves', 200, () => inject(app, { url: list, headers: admin }));
    await call('listWaves', 401, () => inject(app, { url: list }));
    await call('listWaves', 403, () => inject(app, { url: list, headers: stranger }));
    await call('listWaves', 503, () =>
      without(main, 'invite_waves', () => inject(app, { url: list, headers: admin })),
    );
    const progress = (wave: string) => `/api/admin/waves/${wave}/progress`;
    await call('getWave', 200, () => inject(app, { url: progress(id), headers: admin }));
    await call('getWave', 400, () => inject(app, { url: progress('nope'), headers: admin }));
    await call('getWave', 401, () => inject(app, { url: progress(id) }));
    await call('getWave', 403, () => inject(app, { url: progress(id), headers: stranger }));
    await call('getWave', 404, () => inject(app, { url: progress(unknown), headers: admin }));
    await call('getWave', 503, () =>
      without(main, 'invite_waves', () => inject(app, { url: progress(id), headers: admin })),
    );
    const retry = (wave: string, headers: Record<string, string> = admin) =>
      inject(app, { method: 'POST', url: `/api/admin/waves/${wave}/retry`, headers });
    await call('retryWave', 200, () => retry(id));
    await call('retryWave', 400, () => retry('nope'));
    await call('retryWave', 401, () => retry(id, {}));
    await call('retryWave', 403, () => retry(id, stranger));
    await call('retryWave', 404, () => retry(unknown));
    await call('retryWave', 503, () => without(main, 'invite_waves', () => retry(id)));

    const funnel = '/api/admin/funnel';
    await call('getFunnel', 200, () => inject(app, { url: funnel, headers: admin }));
    await call('getFunnel', 400, () => inject(app, { url: `${funnel}?days=0`, headers: admin }));
    await call('getFunnel', 401, () => inject(app, { url: funnel }));
    await call('getFunnel', 403, () => inject(app, { url: funnel, headers: stranger }));
    await call('getFunnel', 503, () =>
      without(main, 'signups', () => inject(app, { url: funnel, headers: admin })),
    );
  }

  /** The unsubscribe link of the last mail the SMTP server got. */
  function lastUnsubscribeLink(): string {
    const header = smtp.received.at(-1)?.header('List-Unsubscribe') ?? '';
    const link = new URL(/^<(.+)>$/.exec(header)?.[1] ?? '');
    return link.pathname + link.search;
  }

  /** Unsubscribes gone@example.com with the link of a real mail, on the way. */
  async function unsubscribeCalls(admin: Record<string, string>) {
    const app = main.app;
    smtp.reset('accept');
    const sent = await call('sendEarlyAccessEmail', 200, () =>
      inject(app, {
        method: 'POST',
        url: '/api/email/early-access',
        payload: { email: 'gone@example.com' },
        headers: admin,
      }),
    );
    expect(sent.status).toBe(200);
    const link = lastUnsubscribeLink();
    const forged = '/api/unsubscribe?address=gone%40example.com&token=forged';
    const post = (url: string, headers: Record<string, string>, payload: string) =>
      inject(app, { method: 'POST', url, headers, payload });

    await call('getUnsubscribePage', 200, () => inject(app, { url: link, headers: BROWSER }));
    await call('getUnsubscribePage', 400, () => inject(app, { url: forged }));
    await call('getUnsubscribePage', 400, () => inject(app, { url: forged, headers: BROWSER }));
    await call('unsubscribe', 200, () => post(link, FORM, 'List-Unsubscribe=One-Click'));
    await call('unsubscribe', 200, () =>
      post(link, { ...FORM, ...BROWSER }, 'List-Unsubscribe=One-Click'),
    );
    await call('unsubscribe', 400, () => post(forged, FORM, 'List-Unsubscribe=One-Click'));
    await call('unsubscribe', 400, () =>
      post(forged, { ...FORM, ...BROWSER }, 'List-Unsubscribe=One-Click'),
    );
    await call('unsubscribe', 413, () => post(link, FORM, `List-Unsubscribe=${'x'.repeat(2048)}`));
    await call('unsubscribe', 415, () => post(link, TEXT, 'One-Click'));
  }

  async function authCalls(admin: Record<string, string>, stranger: Record<string, string>) {
    const app = main.app;
    await call('getSession', 200, () => inject(app, { url: '/api/auth/session', headers: admin }));
    await call('getSession', 401, () => inject(app, { url: '/api/auth/session' }));
    await call('getSession', 403, () =>
      inject(app, { url: '/api/auth/session', headers: stranger }),
    );
    const signOut = async (payload?: string, headers: Record<string, string> = {}) =>
      inject(app, {
        method: 'POST',
        url: '/api/auth/logout',
        headers: { ...(await adminHeaders(app, ADMIN)).headers, ...headers },
        ...(payload === undefined ? {} : { payload }),
      });
    await call('signOut', 204, () => signOut());
    await call('signOut', 400, () => signOut('{', JSON_TYPE));
    await call('signOut', 413, () => signOut(BIG_JSON, JSON_TYPE));
    await call('signOut', 415, () => signOut('bye', TEXT));

    // The popup's journey: our start, the provider's sign-in page, back to our callback.
    const browser = new Browser(main.origin);
    const start = await call('startSignIn', 303, async () =>
      fetched(await browser.request('/api/auth/login')),
    );
    expect(start.status).toBe(303);
    const { url: loginPage } = await browser.follow('/api/auth/login', (next) =>
      next.pathname.startsWith('/api/auth/local-login/'),
    );
    const submitted = await browser.request(loginPage.href, {
      method: 'POST',
      headers: FORM,
      body: new URLSearchParams({ email: ADMIN, name: 'Statuses' }).toString(),
    });
    const { url: callback } = await browser.follow(
      submitted.headers.get('location') ?? '',
      (next) => next.pathname === '/api/auth/callback',
    );
    await call('finishSignIn', 200, async () => fetched(await browser.request(callback.href)));
    await call('finishSignIn', 403, () => inject(app, { url: '/api/auth/callback?code=x' }));
  }

  async function appCalls() {
    const app = main.app;
    const db = app.database.db;
    const addedAt = new Date().toISOString();
    await db
      .insertInto('whitelist')
      .values(
        ['early@example.com', 'taken@example.com'].map((email) => ({
          email,
          added_at: addedAt,
          added_by: 'test',
        })),
      )
      .execute();
    await db
      .insertInto('app_users')
      .values({ uid: 'another-account', email: 'taken@example.com', registered_at: addedAt })
      .execute();
    const register = (token: string | undefined, payload?: string, headers = {}) =>
      inject(app, {
        method: 'POST',
        url: '/api/app/register',
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
        ...(payload === undefined ? {} : { payload }),
      });
    const early = await appIdToken(main.origin, 'early@example.com');
    await call('registerAppUser', 200, () => register(early));
    await call('registerAppUser', 400, () => register(early, '{', JSON_TYPE));
    await call('registerAppUser', 401, () => register(undefined));
    await call('registerAppUser', 401, () => register('not.a.token'));
    const outsider = await appIdToken(main.origin, 'outsider@example.com');
    await call('registerAppUser', 403, () => register(outsider));
    const taken = await appIdToken(main.origin, 'taken@example.com');
    await call('registerAppUser', 409, () => register(taken));
    await call('registerAppUser', 413, () => register(early, BIG_JSON, JSON_TYPE));
    await call('registerAppUser', 415, () => register(early, 'hello', TEXT));
  }

  async function publicCalls() {
    const app = main.app;
    const signUp = (payload: string, headers: Record<string, string> = JSON_TYPE) =>
      inject(app, { method: 'POST', url: '/api/utility/signup', payload, headers });
    await call('getHealth', 200, () => inject(app, { url: '/api/health' }));
    await call('joinWaitlist', 200, () =>
      signUp('{"email":"fan@example.com","signupType":"general"}'),
    );
    await call('joinWaitlist', 400, () => signUp('{"email":"fan","signupType":"general"}'));
    await call('joinWaitlist', 413, () => signUp(BIG_JSON));
    await call('joinWaitlist', 415, () => signUp('fan@example.com', TEXT));
  }

  /** The path of the confirmation link in the latest confirmation mail to `email`. */
  async function confirmationPath(testApp: TestApp, email: string): Promise<string> {
    const db = testApp.app.database.db;
    const row = await db
      .selectFrom('mail_outbox')
      .select('params')
      .where('to_address', '=', email)
      .where('template', '=', 'waitlist-confirmation')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    const secret = await unsubscribeSecret(db, testApp.app.config.mail);
    const params = JSON.parse(row.params) as { signupId: string; issuedAt: string };
    const url = new URL(confirmationUrl('http://x', secret, params));
    return url.pathname + url.search;
  }

  /** Double opt-in links: pending, confirmed, expired (with its resend), forged, and failing. */
  async function confirmationCalls() {
    const app = main.app;
    const signUp = (email: string) =>
      inject(app, {
        method: 'POST',
        url: '/api/utility/signup',
        payload: { email, signupType: 'general' },
      });
    await signUp('confirming@example.com');
    await signUp('confirming-script@example.com');
    await signUp('unavailable@example.com');
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    const old = { program: 'CLOSED_ALPHA', source: 'general' };
    await insertSignup(
      app.database.db,
      { email: 'late@example.com', ...old },
      eightDaysAgo,
      'mail',
    );
    const link = await confirmationPath(main, 'confirming@example.com');
    const scriptLink = await confirmationPath(main, 'confirming-script@example.com');
    const failing = await confirmationPath(main, 'unavailable@example.com');
    const expired = await confirmationPath(main, 'late@example.com');
    const resend = (path: string) => path.replace('/confirm?', '/confirm/resend?');
    const forged = '/api/signup/confirm?token=forged.token';
    const get = (url: string, headers: Record<string, string> = {}) =>
      inject(app, { url, headers });
    const post = (url: string, headers: Record<string, string> = {}, payload?: string) =>
      inject(app, { method: 'POST', url, headers, ...(payload === undefined ? {} : { payload }) });

    const page = 'getSignupConfirmationPage';
    await call(page, 200, () => get(link, BROWSER));
    await call(page, 200, () => get(scriptLink));
    await call(page, 400, () => get(forged, BROWSER));
    await call(page, 400, () => get(forged));
    await call(page, 410, () => get(expired, BROWSER));
    await call(page, 410, () => get(expired));
    await call(page, 503, () => without(main, 'signups', () => get(failing, BROWSER)));
    await call(page, 503, () => without(main, 'signups', () => get(failing)));

    await call('confirmSignup', 200, () => post(link, { ...FORM, ...BROWSER }, ''));
    await call('confirmSignup', 200, () => post(scriptLink));
    await call('confirmSignup', 400, () => post(forged, { ...FORM, ...BROWSER }, ''));
    await call('confirmSignup', 400, () => post(forged));
    await call('confirmSignup', 410, () => post(expired, { ...FORM, ...BROWSER }, ''));
    await call('confirmSignup', 410, () => post(expired));
    await call('confirmSignup', 413, () => post(failing, FORM, `x=${'x'.repeat(2048)}`));
    await call('confirmSignup', 415, () => post(failing, TEXT, 'confirm'));
    await call('confirmSignup', 503, () =>
      without(main, 'signups', () => post(failing, { ...FORM, ...BROWSER }, '')),
    );

    const again = 'resendSignupConfirmation';
    await call(again, 200, () => post(resend(expired), { ...FORM, ...BROWSER }, ''));
    await call(again, 200, () => post(resend(expired)));
    await call(again, 400, () => post(resend(forged), { ...FORM, ...BROWSER }, ''));
    await call(again, 400, () => post(resend(forged)));
    await call(again, 413, () => post(resend(expired), FORM, `x=${'x'.repeat(2048)}`));
    await call(again, 415, () => post(resend(expired), TEXT, 'again'));
    await call(again, 503, () => without(main, 'mail_outbox', () => post(resend(failing))));
  }

  /** The path and query of the data-request link of a mail to `email`. */
  async function dataRequestPath(email: string, action = ''): Promise<string> {
    const secret = await unsubscribeSecret(main.app.database.db, main.app.config.mail);
    const url = new URL(dataRequestUrl('http://x', secret, email));
    return `${url.pathname}${action}${url.search}`;
  }

  /** The data-request link of every mail: its page, a copy, erasure (used, forged, failing). */
  async function dataRequestCalls() {
    const app = main.app;
    const get = (url: string, headers: Record<string, string> = {}) =>
      inject(app, { url, headers });
    const post = (url: string, headers: Record<string, string> = {}, payload?: string) =>
      inject(app, { method: 'POST', url, headers, ...(payload === undefined ? {} : { payload }) });
    const button = { ...FORM, ...BROWSER };
    const forged = '/api/data-request?address=privacy%40example.com&token=forged';
    const page = await dataRequestPath('privacy-page@example.com');
    const copy = await dataRequestPath('privacy-copy@example.com', '/export');
    const erase = await dataRequestPath('privacy-erase@example.com', '/erase');
    const eraseScript = await dataRequestPath('privacy-erase-script@example.com', '/erase');
    const erasedPage = await dataRequestPath('privacy-erase@example.com');
    const erasedCopy = await dataRequestPath('privacy-erase@example.com', '/export');

    await call('getDataRequestPage', 200, () => get(page, BROWSER));
    await call('getDataRequestPage', 200, () => get(page));
    await call('getDataRequestPage', 400, () => get(forged, BROWSER));
    await call('getDataRequestPage', 400, () => get(forged));
    await call('getDataRequestPage', 503, () =>
      without(main, 'email_suppressions', () => get(page, BROWSER)),
    );
    await call('getDataRequestPage', 503, () =>
      without(main, 'email_suppressions', () => get(page)),
    );

    const forgedCopy = forged.replace('?', '/export?');
    await call('requestDataCopy', 200, () => post(copy, button, ''));
    await call('requestDataCopy', 200, () => post(copy));
    await call('requestDataCopy', 400, () => post(forgedCopy, button, ''));
    await call('requestDataCopy', 400, () => post(forgedCopy));
    await call('requestDataCopy', 413, () => post(copy, FORM, `x=${'x'.repeat(2048)}`));
    await call('requestDataCopy', 415, () => post(copy, TEXT, 'copy'));
    await call('requestDataCopy', 503, () =>
      without(main, 'mail_outbox', () => post(copy, button, '')),
    );
    await call('requestDataCopy', 503, () => without(main, 'mail_outbox', () => post(copy)));

    const forgedErase = forged.replace('?', '/erase?');
    const confirmed = 'confirm=delete';
    const confirmedJson = JSON.stringify({ confirm: 'delete' });
    await call('getDataErasurePage', 200, () => get(erase, BROWSER));
    await call('getDataErasurePage', 200, () => get(erase));
    await call('getDataErasurePage', 400, () => get(forgedErase, BROWSER));
    await call('getDataErasurePage', 400, () => get(forgedErase));
    await call('getDataErasurePage', 503, () =>
      without(main, 'email_suppressions', () => get(erase, BROWSER)),
    );
    await call('getDataErasurePage', 503, () =>
      without(main, 'email_suppressions', () => get(erase)),
    );
    await call('eraseMyData', 503, () =>
      without(main, 'email_suppressions', () => post(erase, button, confirmed)),
    );
    await call('eraseMyData', 503, () => without(main, 'email_suppressions', () => post(erase)));
    await call('eraseMyData', 413, () => post(erase, FORM, `x=${'x'.repeat(2048)}`));
    await call('eraseMyData', 415, () => post(erase, TEXT, 'erase'));
    // Not confirmed: a browser is asked on the confirmation page, a script told; nothing goes.
    await call('eraseMyData', 400, () => post(erase, button, ''));
    await call('eraseMyData', 400, () => post(eraseScript));
    await call('eraseMyData', 200, () => post(erase, button, confirmed));
    await call('eraseMyData', 200, () => post(eraseScript, JSON_TYPE, confirmedJson));
    await call('eraseMyData', 400, () => post(forgedErase, button, confirmed));
    await call('eraseMyData', 400, () => post(forgedErase));
    // The address is erased now: its link is used up, and it is never mailed.
    await call('eraseMyData', 410, () => post(erase, button, ''));
    await call('eraseMyData', 410, () => post(erase));
    await call('getDataRequestPage', 410, () => get(erasedPage, BROWSER));
    await call('getDataRequestPage', 410, () => get(erasedPage));
    await call('getDataErasurePage', 410, () => get(erase, BROWSER));
    await call('getDataErasurePage', 410, () => get(erase));
    await call('requestDataCopy', 410, () => post(erasedCopy, button, ''));
    await call('requestDataCopy', 410, () => post(erasedCopy));
  }

  /** Admins' privacy requests: download, mail a copy, erase. */
  async function privacyAdminCalls(
    admin: Record<string, string>,
    stranger: Record<string, string>,
  ) {
    const app = main.app;
    const url = '/api/admin/data?email=privacy-admin%40example.com';
    await call('getPersonalData', 200, () => inject(app, { url, headers: admin }));
    await call('getPersonalData', 400, () =>
      inject(app, { url: '/api/admin/data?email=nope', headers: admin }),
    );
    await call('getPersonalData', 401, () => inject(app, { url }));
    await call('getPersonalData', 403, () => inject(app, { url, headers: stranger }));
    await call('getPersonalData', 503, () =>
      without(main, 'audit_log', () => inject(app, { url, headers: admin })),
    );

    for (const [operationId, path] of [
      ['sendPersonalDataCopy', '/api/admin/data/export'],
      ['erasePersonalData', '/api/admin/data/erase'],
    ] as const) {
      const send = (payload: string, headers: Record<string, string> = {}) =>
        inject(app, {
          method: 'POST',
          url: path,
          payload,
          headers: { ...admin, ...JSON_TYPE, ...headers },
        });
      await call(operationId, 200, () => send('{"email":"privacy-admin@example.com"}'));
      await call(operationId, 400, () => send('{"email":"nope"}'));
      await call(operationId, 401, () =>
        inject(app, { method: 'POST', url: path, payload: { email: 'a@example.com' } }),
      );
      await call(operationId, 403, () =>
        inject(app, {
          method: 'POST',
          url: path,
          payload: { email: 'a@example.com' },
          headers: stranger,
        }),
      );
      await call(operationId, 403, () =>
        send('{"email":"a@example.com"}', {
          origin: 'https://evil.example',
          'sec-fetch-site': 'cross-site',
        }),
      );
      await call(operationId, 413, () => send(BIG_JSON));
      await call(operationId, 415, () => send('a@example.com', TEXT));
    }
    // Its address is erased above: a copy can no longer be mailed to it.
    const mailCopy = (email: string) =>
      inject(app, {
        method: 'POST',
        url: '/api/admin/data/export',
        payload: { email },
        headers: admin,
      });
    await call('sendPersonalDataCopy', 409, () => mailCopy('privacy-admin@example.com'));
    const erase = (email: string) =>
      inject(app, {
        method: 'POST',
        url: '/api/admin/data/erase',
        payload: { email },
        headers: admin,
      });
    await call('sendPersonalDataCopy', 503, () =>
      without(main, 'mail_outbox', () => mailCopy('privacy-later@example.com')),
    );
    await call('erasePersonalData', 503, () =>
      without(main, 'email_suppressions', () => erase('privacy-later@example.com')),
    );
  }

  /** Limits reached, the identity provider gone, then the database closed. */
  async function strainedCalls() {
    const app = strained.app;
    const from = (remoteAddress: string, options: InjectOptions) => ({ ...options, remoteAddress });

    const signUp = from('10.9.0.1', {
      method: 'POST',
      url: '/api/utility/signup',
      payload: { email: 'fan@example.com', signupType: 'general' },
    });
    await call('joinWaitlist', 200, () => inject(app, signUp));
    await call('joinWaitlist', 429, () => inject(app, signUp));

    // Counted before the token is looked at: the second call of the client is refused.
    const register = from('10.9.0.6', { method: 'POST', url: '/api/app/register' });
    await call('registerAppUser', 401, () => inject(app, register));
    await call('registerAppUser', 429, () => inject(app, register));

    for (const [operationId, url, fields] of [
      ['sendTestEmail', '/api/email/test', { templateType: 'removal-notice' }],
      ['sendEarlyAccessEmail', '/api/email/early-access', {}],
    ] as const) {
      // A new admin each time: the per-admin limit of one is the one reached.
      const sender = (await adminHeaders(app, `${operationId}@example.com`)).headers;
      app.config.adminEmails.add(`${operationId}@example.com`);
      const send = (email: string) =>
        inject(app, { method: 'POST', url, payload: { email, ...fields }, headers: sender });
      await call(operationId, 200, () => send(`first-${operationId}@example.com`));
      await call(operationId, 429, () => send(`second-${operationId}@example.com`));
    }

    // Every export place taken (as by slow downloads): an export is refused before it starts.
    const exporter = (await adminHeaders(app, ADMIN)).headers;
    const held = Array.from({ length: app.config.exports.total }, (_, n) =>
      app.exportSlots.take(`holder-${n}@example.com`),
    );
    await call('exportSignups', 429, () =>
      inject(app, { url: '/api/admin/signups/export', headers: exporter }),
    );
    await call('exportUsers', 429, () =>
      inject(app, { url: '/api/admin/users/export', headers: exporter }),
    );
    for (const release of held) if (typeof release === 'function') release();

    // Each start finds no provider (503) until the limit of the address is reached (429).
    const signIn = from('10.9.0.2', { url: '/api/auth/login', headers: BROWSER });
    await call('startSignIn', 503, () => inject(app, signIn));
    let limited: Answer | undefined;
    for (let n = 0; n < 100 && limited?.status !== 429; n++) limited = await inject(app, signIn);
    await call('startSignIn', 429, () => Promise.resolve(limited!));

    const transaction = await saveTransaction(
      app.database.db,
      { state: 'state', nonce: 'nonce', codeVerifier: 'verifier' },
      60_000,
    );
    await call('finishSignIn', 503, () =>
      inject(app, {
        url: '/api/auth/callback?code=x&state=state',
        headers: { cookie: `${TRANSACTION_COOKIE}=${transaction}`, ...BROWSER },
      }),
    );

    for (const [operationId, method, url] of [
      ['getSignupConfirmationPage', 'GET', '/api/signup/confirm?token=t'],
      ['confirmSignup', 'POST', '/api/signup/confirm?token=t'],
      ['resendSignupConfirmation', 'POST', '/api/signup/confirm/resend?token=t'],
    ] as const) {
      const open = (headers: Record<string, string>) =>
        inject(app, from('10.9.0.4', { method, url, headers }));
      let answer: Answer | undefined;
      for (let n = 0; n < 100 && answer?.status !== 429; n++) answer = await open({});
      await call(operationId, 429, () => Promise.resolve(answer!));
      await call(operationId, 429, () => open(BROWSER));
    }

    for (const method of ['GET', 'POST'] as const) {
      const operationId = method === 'GET' ? 'getUnsubscribePage' : 'unsubscribe';
      const open = (headers: Record<string, string>) =>
        inject(
          app,
          from('10.9.0.3', { method, url: '/api/unsubscribe?address=a%40b.co&token=t', headers }),
        );
      let answer: Answer | undefined;
      for (let n = 0; n < 100 && answer?.status !== 429; n++) answer = await open({});
      await call(operationId, 429, () => Promise.resolve(answer!));
      await call(operationId, 429, () => open(BROWSER));
    }

    for (const [operationId, method, url] of [
      ['getDataRequestPage', 'GET', '/api/data-request?address=a%40b.co&token=t'],
      ['getDataErasurePage', 'GET', '/api/data-request/erase?address=a%40b.co&token=t'],
      ['requestDataCopy', 'POST', '/api/data-request/export?address=a%40b.co&token=t'],
      ['eraseMyData', 'POST', '/api/data-request/erase?address=a%40b.co&token=t'],
    ] as const) {
      const open = (headers: Record<string, string>) =>
        inject(app, from('10.9.0.5', { method, url, headers }));
      let answer: Answer | undefined;
      for (let n = 0; n < 100 && answer?.status !== 429; n++) answer = await open({});
      await call(operationId, 429, () => Promise.resolve(answer!));
      await call(operationId, 429, () => open(BROWSER));
    }

    await app.database.close();
    await call('getHealth', 503, () => inject(app, { url: '/api/health' }));
    await call('joinWaitlist', 503, () => inject(app, { ...signUp, remoteAddress: '10.9.0.9' }));
  }

  async function garbledCalls() {
    const app = garbled.app;
    await call('startSignIn', 502, () => inject(app, { url: '/api/auth/login', headers: BROWSER }));
    const transaction = await saveTransaction(
      app.database.db,
      { state: 'state', nonce: 'nonce', codeVerifier: 'verifier' },
      60_000,
    );
    await call('finishSignIn', 502, () =>
      inject(app, {
        url: '/api/auth/callback?code=x&state=state',
        headers: { cookie: `${TRANSACTION_COOKIE}=${transaction}`, ...BROWSER },
      }),
    );
  }

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    main = await startListeningApp(sqlite!, {
      adminEmails: new Set([ADMIN]),
      mail: testMailConfig({ smtpUrl: smtp.url }),
      // A receiver from the setting (nothing listens there; deliveries wait for their retries).
      webhooks: {
        ...testConfig().webhooks,
        urls: [`http://127.0.0.1:${await closedPort()}/hooks`],
        secret: newWebhookSecret(),
      },
    });
    const oidc = { clientId: 'reelscore-web', clientSecret: 'secret' };
    strained = await startTestApp(sqlite!, {
      adminEmails: new Set([ADMIN]),
      signupRateLimit: { max: 1, windowMs: 60_000 },
      appRateLimit: { max: 1, windowMs: 60_000 },
      mail: testMailConfig({ rateLimit: { max: 1, windowMs: 60_000 } }),
      oidc: { ...oidc, issuer: `https://127.0.0.1:${await closedPort()}` },
    });
    garbled = await startTestApp(sqlite!, { oidc: { ...oidc, issuer: 'http://127.0.0.1:9' } });
    const document = (await main.app.inject({ url: '/api/openapi.json' })).json<Document>();
    documented = documentedAnswers(document);

    const admin = (await adminHeaders(main.app, ADMIN)).headers;
    const stranger = (await adminHeaders(main.app, STRANGER)).headers;
    await publicCalls();
    await confirmationCalls();
    await adminCalls(admin, stranger);
    await apiTokenCalls(admin, stranger);
    await webhookCalls(admin, stranger);
    await unsubscribeCalls(admin);
    await emailCalls(admin, stranger);
    await outboxCalls(admin, stranger);
    await waveCalls(admin, stranger);
    await dataRequestCalls();
    await privacyAdminCalls(admin, stranger);
    await authCalls(admin, stranger);
    await appCalls();
    await strainedCalls();
    await garbledCalls();
  }, 120_000);
  afterAll(async () => {
    await main?.close();
    await strained?.close();
    await garbled?.close();
    await smtp?.close();
  });

  it('gets from every call the status it was written for', () => {
    expect(unexpected).toEqual([]);
  });

  it('sends only documented statuses, each in a documented media type', () => {
    const undocumented: string[] = [];
    for (const [operationId, statuses] of observed) {
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
    expect(undocumented).toEqual([]);
  });

  it('sees every documented status at least once', () => {
    const unseen = [...documented].flatMap(([operationId, statuses]) =>
      [...statuses.keys()]
        .filter((status) => !observed.get(operationId)?.has(status))
        .map((status) => `${operationId} ${status}`)
        .filter((answer) => !(answer in NOT_PRODUCED)),
    );
    expect(unseen).toEqual([]);
  });
});
