import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from './features/auth/admin-guard.ts';
import { testMailConfig } from './test/email-test-app.ts';
import { normalisePath } from './lib/request-path.ts';
import { MAIL_TEMPLATES } from './mail-templates.ts';
import { startTestSmtpServer, type TestSmtpServer } from './test/test-smtp-server.ts';
import { adminHeaders } from './test/admin-session.ts';
import { testDatabaseKinds } from './test/databases.ts';
import { startListeningApp } from './test/listening-app.ts';
import {
  malformedRequest,
  weirdText,
  type Credential,
  type FuzzRequest,
} from './test/malformed-requests.ts';
import {
  operations,
  shapeProblem,
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
} from './test/openapi.ts';
import type { TestApp } from './test/test-app.ts';

const kinds = await testDatabaseKinds();
/** Requests per run of the documented operations, and of the undocumented sign-in routes. */
const RUNS = { sqlite: { api: 10_000, hidden: 500 }, postgres: { api: 2_000, hidden: 200 } };
/**
 * CI explores the same cases on every run, so a submission is never failed by a case no change
 * of its own brought in; elsewhere each run draws new ones. `FUZZ_SEED` replays or sets a run.
 */
const SEED = Number(process.env.FUZZ_SEED ?? (process.env.CI === 'true' ? 20_261_122 : Date.now()));
const ADMIN = 'fuzz-admin@example.com';
const STRANGER = 'fuzz-stranger@example.com';
const ANSWER_WITHIN_MS = 5_000;
const STACK_TRACE = [
  /\bat .*\(.*:\d+:\d+\)/,
  /\bat \S+\.[cm]?[jt]s:\d+/,
  /node_modules/,
  /\w*Error: .*\n\s+at /,
];
/** docs/decisions/0005-error-shapes.md: these areas answer `{message}`, the rest `{error}`. */
const MESSAGE_SHAPED = ['/api/admin', '/api/email', '/api/auth', '/api/app'];
const EXAMPLES = {
  id: MAIL_TEMPLATES.map((template) => template.id),
  templateType: MAIL_TEMPLATES.map((template) => template.id),
};

/** Decision 0015: an answer no route gave has the shape of its normalised path. */
function adrErrorShape(url: string): JsonSchema {
  const path = normalisePath(url);
  const key = MESSAGE_SHAPED.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))
    ? 'message'
    : 'error';
  return {
    type: 'object',
    properties: { [key]: { type: 'string' } },
    required: [key],
    additionalProperties: false,
  };
}

/**
 * The body shape the document gives this answer, or the decision record's error shape; none for
 * an answer documented as a page only (the sign-in popup's), nor for a page where the document
 * offers one beside JSON (links from mails answer a page unless the client prefers JSON).
 */
function expectedShape(
  document: OpenApiDocument,
  operation: Operation,
  request: FuzzRequest,
  response: LightMyRequestResponse,
): JsonSchema | undefined {
  const status = String(response.statusCode);
  const content =
    request.method === operation.method
      ? operation.operation.responses?.[status]?.content
      : undefined;
  // Another method on the same path is another documented operation (the unsubscribe page).
  const sibling =
    document.paths[operation.path]?.[request.method.toLowerCase()]?.responses?.[status]?.content;
  const page = String(response.headers['content-type'] ?? '').startsWith('text/html');
  if (page && (content ?? sibling)?.['text/html']) return undefined;
  if (content && !content['application/json']) return undefined;
  return content?.['application/json']?.schema ?? adrErrorShape(request.url);
}

async function answer(app: FastifyInstance, request: FuzzRequest, headers: Record<string, string>) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () =>
        reject(new Error(`no answer within ${ANSWER_WITHIN_MS} ms: ${describeRequest(request)}`)),
      ANSWER_WITHIN_MS,
    );
  });
  try {
    return await Promise.race([
      app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: { ...headers, ...request.headers },
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function describeRequest(request: FuzzRequest): string {
  const payload =
    request.payload === undefined ? '' : ` ${JSON.stringify(request.payload.slice(0, 200))}`;
  return `${request.method} ${request.url.slice(0, 300)} [${request.credential}] ${JSON.stringify(request.headers)}${payload}`;
}

/** No 5xx, no internals; an API error is JSON in its documented (or decided) shape. */
function checkAnswer(
  request: FuzzRequest,
  response: LightMyRequestResponse,
  shape: JsonSchema | undefined,
  document: OpenApiDocument,
) {
  const where = `${describeRequest(request)}\n-> ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  for (const pattern of STACK_TRACE) expect(response.body, where).not.toMatch(pattern);
  if (!shape || request.method === 'HEAD' || response.statusCode < 400) return;
  expect(response.headers['content-type'], where).toMatch(/^application\/json/);
  let body: unknown;
  expect(() => {
    body = JSON.parse(response.body) as unknown;
  }, where).not.toThrow();
  expect(shapeProblem(document, shape, body), where).toBeUndefined();
}

class Tally {
  requests = 0;
  byStatus = new Map<number, number>();
  byRoute = new Map<string, number>();

  count(route: string, status: number) {
    this.requests += 1;
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1);
    this.byRoute.set(route, (this.byRoute.get(route) ?? 0) + 1);
  }

  histogram(): Record<string, number> {
    return Object.fromEntries([...this.byStatus].sort(([a], [b]) => a - b));
  }
}

describe.each(kinds)('every API operation under malformed requests, on $name', (kind) => {
  let testApp: TestApp;
  let smtp: TestSmtpServer;
  let document: OpenApiDocument;
  const credentials = new Map<Credential, Record<string, string>>();
  const runs = RUNS[kind.name];

  beforeAll(async () => {
    // Sends reach the email tests' SMTP server on 127.0.0.1 (never a real one), which accepts
    // every message it can parse: a send the API accepts is a 200, and a 502 is our fault.
    smtp = await startTestSmtpServer();
    testApp = await startListeningApp(kind, {
      adminEmails: new Set([ADMIN]),
      signupRateLimit: { max: 1e9, windowMs: 60_000 },
      mail: testMailConfig({
        smtpUrl: smtp.url,
        rateLimit: { max: 1e9, windowMs: 60_000 },
        // Not a test of slow servers: a machine busy with other tests must not time sends out.
        timeouts: { connectionMs: 10_000, greetingMs: 10_000, socketMs: 10_000 },
      }),
    });
    document = (await testApp.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const admin = (await adminHeaders(testApp.app, ADMIN)).headers;
    credentials.set('admin', admin);
    credentials.set('admin-cross-site', {
      cookie: admin.cookie,
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    credentials.set('none', {});
    credentials.set('stranger', (await adminHeaders(testApp.app, STRANGER)).headers);
    credentials.set('garbage-cookie', { cookie: `${SESSION_COOKIE}=garbage; other=%zz` });
    credentials.set('garbage-bearer', { authorization: 'Bearer garbage' });
  });
  afterAll(async () => {
    await testApp.close();
    await smtp.close();
  });

  /** Sign-out ends the session it carries, so it gets one of its own each time. */
  async function headersFor(request: FuzzRequest): Promise<Record<string, string>> {
    const headers = credentials.get(request.credential) ?? {};
    const signOut = request.method === 'POST' && request.url.startsWith('/api/auth/logout');
    if (!signOut || !headers.cookie) return headers;
    const fresh = await adminHeaders(
      testApp.app,
      request.credential === 'stranger' ? STRANGER : ADMIN,
    );
    return { ...headers, cookie: fresh.headers.cookie };
  }

  it('answers no request with a 5xx or a stack trace, and every 4xx in the spec shape', async () => {
    const all = operations(document);
    expect(all.length).toBeGreaterThanOrEqual(15);
    const tally = new Tally();
    // Addresses erased during the run: an erasure deletes every mail to the address, sent ones
    // included (and one in flight still leaves), so their mails are not counted below.
    const erased = new Set<string>();
    const started = performance.now();
    const cases = fc
      .constantFrom(...all)
      .chain((operation) =>
        malformedRequest(document, operation, EXAMPLES).map((request) => ({ operation, request })),
      );

    await fc.assert(
      fc.asyncProperty(cases, async ({ operation, request }) => {
        const response = await answer(testApp.app, request, await headersFor(request));
        tally.count(`${operation.method} ${operation.path}`, response.statusCode);
        if (operation.path === '/api/admin/data/erase' && response.statusCode === 200)
          erased.add(response.json<{ email: string }>().email);
        checkAnswer(
          request,
          response,
          expectedShape(document, operation, request, response),
          document,
        );
      }),
      { numRuns: runs.api, seed: SEED },
    );

    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    // eslint-disable-next-line no-console -- the figures are quoted from the test output
    console.info(
      `API fuzz on ${kind.name}: ${tally.requests} requests over ${all.length} operations in ${seconds} s (FUZZ_SEED=${SEED}); statuses ${JSON.stringify(tally.histogram())}`,
    );
    // The run reached the interesting answers, and every operation had its share.
    for (const status of [200, 400, 401, 403, 404, 413, 415])
      expect(tally.byStatus.get(status) ?? 0, `status ${status}`).toBeGreaterThan(0);
    for (const { method, path } of all)
      expect(tally.byRoute.get(`${method} ${path}`) ?? 0, `${method} ${path}`).toBeGreaterThan(
        runs.api / all.length / 3,
      );
    // Every accepted send went to this test's server, once the outbox has settled (background
    // mail such as signup confirmations leaves after the answer).
    const db = testApp.app.database.db;
    await expect
      .poll(
        async () =>
          Number(
            (
              await db
                .selectFrom('mail_outbox')
                .select(({ fn }) => fn.countAll<number>().as('count'))
                .where('status', 'in', ['queued', 'sending'])
                .executeTakeFirstOrThrow()
            ).count,
          ),
        { timeout: 15_000 },
      )
      .toBe(0);
    // Each address that was not erased got every mail its sent rows record, once (none lost,
    // none twice), and at most one more for each mail given up on: a send that timed out is
    // not retried because the server may have taken it (mail-transport.ts).
    const rows = await db
      .selectFrom('mail_outbox')
      .select(['to_address', 'status'])
      .where('status', 'in', ['sent', 'dead'])
      .execute();
    const count = (addresses: string[]) => {
      const counts = new Map<string, number>();
      for (const address of addresses)
        if (!erased.has(address)) counts.set(address, (counts.get(address) ?? 0) + 1);
      return counts;
    };
    const received = count(smtp.received.flatMap((mail) => mail.envelopeTo));
    const sent = count(rows.filter((row) => row.status === 'sent').map((row) => row.to_address));
    const givenUp = count(rows.filter((row) => row.status === 'dead').map((row) => row.to_address));
    for (const address of new Set([...received.keys(), ...sent.keys()])) {
      const got = received.get(address) ?? 0;
      const owed = sent.get(address) ?? 0;
      expect(got, `mails received by ${address}`).toBeGreaterThanOrEqual(owed);
      expect(got, `mails received by ${address}`).toBeLessThanOrEqual(
        owed + (givenUp.get(address) ?? 0),
      );
    }
    expect(received.size).toBeGreaterThan(0);
  }, 120_000);

  it('gives the undocumented sign-in routes no 5xx, no stack trace and always an answer', async () => {
    const documented = new Set(Object.keys(document.paths));
    const hidden = testApp.app.routeList
      .filter((route) => route.url.startsWith('/api/') && !documented.has(route.url))
      .filter((route) => route.method !== 'HEAD');
    expect(hidden.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(['GET /api/auth/local-login/:uid', 'POST /api/auth/local-login/:uid']),
    );
    const tally = new Tally();
    const started = performance.now();
    const formBody = fc.oneof(
      fc
        .record(
          { email: fc.oneof(fc.emailAddress(), weirdText), name: weirdText },
          { requiredKeys: [] },
        )
        .map((fields) => new URLSearchParams(fields).toString()),
      weirdText,
    );
    const cases = fc.record({
      route: fc.constantFrom(...hidden),
      method: fc.oneof(
        { weight: 6, arbitrary: fc.constant('') },
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE'),
      ),
      uid: fc.oneof(fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 43 }), weirdText),
      query: fc.dictionary(fc.constantFrom('code', 'state', 'iss', 'error', 'x'), weirdText, {
        maxKeys: 3,
      }),
      payload: fc.option(formBody, { nil: undefined }),
      contentType: fc.constantFrom(
        'application/x-www-form-urlencoded',
        'application/json',
        'text/plain',
      ),
      credential: fc.constantFrom<Credential>('admin', 'none', 'garbage-cookie'),
    });

    await fc.assert(
      fc.asyncProperty(cases, async (generated) => {
        const path = generated.route.url
          .replace(':uid', encodeURIComponent(generated.uid.toWellFormed()))
          .replace('*', 'index.html');
        const query = new URLSearchParams(generated.query).toString();
        const request: FuzzRequest = {
          method: generated.method || generated.route.method,
          url: query ? `${path}?${query}` : path,
          credential: generated.credential,
          headers: generated.payload === undefined ? {} : { 'content-type': generated.contentType },
          ...(generated.payload === undefined ? {} : { payload: generated.payload }),
        };
        const response = await answer(testApp.app, request, await headersFor(request));
        tally.count(`${generated.route.method} ${generated.route.url}`, response.statusCode);
        checkAnswer(request, response, undefined, document);
      }),
      { numRuns: runs.hidden, seed: SEED },
    );
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    // eslint-disable-next-line no-console -- the figures are quoted from the test output
    console.info(
      `Sign-in route fuzz on ${kind.name}: ${tally.requests} requests in ${seconds} s (FUZZ_SEED=${SEED}); statuses ${JSON.stringify(tally.histogram())}`,
    );
  }, 60_000);
});
