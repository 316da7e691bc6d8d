import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHENTICATION_REQUIRED_MESSAGE } from '../../../contract/admin.ts';
import { MAIL_TEMPLATES } from '../../mail-templates.ts';
import { adminHeaders } from '../../test/admin-session.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { startListeningApp } from '../../test/listening-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { inBatches, rawRequest, type RawResponse } from '../../test/raw-http.ts';
import { requestForms, type RequestForm } from '../../test/request-forms.ts';
import { API_CONTENT_SECURITY_POLICY } from '../../plugins/security-headers.ts';
import { SESSION_COOKIE } from './admin-guard.ts';
import { createApiToken, revokeApiToken } from './api-token-repository.ts';
import { revokeSession } from './session-repository.ts';

/**
 * The access check reads the route the router matched, so no way of writing a request target
 * may reach an admin handler without a valid admin session. Every route of the route table is
 * sent in every disguise of test/request-forms.ts over a raw socket, with and without
 * credentials, and the two answers are compared: the router (what a valid session reaches) and
 * the guard (what it refuses) must agree on every form.
 */
const kinds = await testDatabaseKinds();
const ADMIN = 'curator@example.com';
const STRANGER = 'visitor@example.com';
const LISTED = 'listed@example.com';
const VIEWER = 'onlooker@example.com';
const TEMPLATE = MAIL_TEMPLATES[0]?.id ?? 'early-access-invitation';

interface Probe {
  route: string;
  method: string;
  form: RequestForm;
  body?: string;
}

/** A concrete path for a route pattern, and a valid body so a reached handler answers 2xx. */
function concrete(route: { method: string; url: string }): { path: string; body?: string } {
  const path = route.url.replace(':id', TEMPLATE).replace(/:(\w+)/g, 'probe');
  if (route.method === 'GET' || route.method === 'HEAD') return { path };
  const body = path.includes('/email/test')
    ? { email: LISTED, templateType: TEMPLATE }
    : path.includes('/outbox/retry')
      ? { allDead: true }
      : { email: LISTED };
  return { path, body: JSON.stringify(body) };
}

function probesFor(routes: { method: string; url: string }[]): Probe[] {
  return routes.flatMap((route) => {
    const { path, body } = concrete(route);
    return requestForms(path).map((form) => ({
      route: route.url,
      method: route.method,
      form,
      body,
    }));
  });
}

/** The access log's line per request: the route the router matched, as the server saw it. */
class AccessLog {
  readonly entries: { method: string; route?: string; statusCode: number }[] = [];
  write(line: string) {
    const entry = JSON.parse(line) as {
      msg?: string;
      method: string;
      route?: string;
      statusCode: number;
    };
    if (entry.msg === 'request completed') this.entries.push(entry);
  }
}

/** Whether Node's HTTP parser refused the request before Fastify saw it (no log line). */
function refusedByParser(response: RawResponse): boolean {
  return response.status === 400 && response.body.includes('not valid HTTP');
}

function describeProbe(probe: Probe, response: RawResponse): string {
  return `${probe.method} ${probe.form.target} (${probe.form.kind}) -> ${response.status} ${response.body.slice(0, 120)}`;
}

describe.each(kinds)(
  'access by the matched route, over every request form, on $name',
  // Every route in every form, one at a time: minutes on a busy machine, and more with each route.
  { timeout: 600_000 },
  (kind) => {
    let testApp: TestApp & { origin: string };
    let port: number;
    const accessLog = new AccessLog();
    /** Sends one probe at a time and reads the route the router matched from the access log. */
    const routeOf = async (probe: Probe, headers: Record<string, string>) => {
      const seen = accessLog.entries.length;
      const response = await send(probe, headers);
      if (refusedByParser(response)) return { response, route: undefined };
      for (let waited = 0; accessLog.entries.length === seen; waited++) {
        if (waited > 10_000) throw new Error(`no access log line for ${probe.form.target}`);
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      return { response, route: accessLog.entries[seen]?.route };
    };
    const send = (probe: Probe, headers: Record<string, string>) =>
      rawRequest(port, {
        method: probe.method,
        target: probe.form.target,
        headers: { ...(probe.body ? { 'content-type': 'application/json' } : {}), ...headers },
        body: probe.body,
      });

    beforeAll(async () => {
      testApp = await startListeningApp(kind, {
        logLevel: 'info',
        logDestination: accessLog,
        // The hosts of the absolute-form targets (test/request-forms.ts), so those reach the
        // access check; any other host is refused with 421 before it (host-check.test.ts).
        allowedHosts: ['anything', 'evil.example'],
        // Every form reaches the ID token check rather than the app API's limit.
        appRateLimit: { max: 1_000_000, windowMs: 60_000 },
      });
      port = Number(new URL(testApp.origin).port);
      testApp.app.config.adminEmails = new Set([ADMIN]);
      testApp.app.config.viewerEmails = new Set([VIEWER]);
    });
    afterAll(() => testApp.close());

    /**
     * Which route the router matched for each form with a valid admin session: one probe at a
     * time (the access log's order names each one's route), so taken once for both tests.
     */
    let routedWithSession: Promise<{ response: RawResponse; route: string | undefined }[]>;
    const routeWithSession = (probes: Probe[]) => {
      routedWithSession ??= adminHeaders(testApp.app, ADMIN).then(({ headers }) =>
        inBatches(probes, 1, (probe) => routeOf(probe, headers)),
      );
      return routedWithSession;
    };

    // Every kind that needs a dashboard user: 'admin' (a session or an API token),
    // 'admin-session' and 'viewer' (an admin or a viewer: reads only).
    const adminRoutes = () =>
      testApp.app.routeList.filter((route) => !['public', 'app'].includes(route.access));

    it('refuses the two forms of the reported breach without a session', async () => {
      for (const target of [
        '/%61pi/admin/signups',
        'http://anything/api/admin/signups',
        'HTTP://anything/api/admin/signups',
        'https://anything/api/admin/signups',
      ]) {
        const response = await rawRequest(port, { method: 'GET', target });
        expect(response.status, target).toBe(401);
        expect(JSON.parse(response.body), target).toEqual({
          message: AUTHENTICATION_REQUIRED_MESSAGE,
        });
        expect(response.body).not.toContain('signups');
      }
    });

    it('lets no form of any admin route reach its handler without a valid session; the router and the guard agree on every form', async () => {
      const probes = probesFor(adminRoutes());
      const withSession = await routeWithSession(probes);
      const withoutSession = await inBatches(probes, 16, (probe) => send(probe, {}));
      const adminPatterns = new Set(adminRoutes().map((route) => route.url));

      const disagreements: string[] = [];
      const reachedKinds = new Set<string>();
      probes.forEach((probe, index) => {
        const { response: routed, route } = withSession[index]!;
        const refused = withoutSession[index]!;
        // A target with user information or no host names no host of ours: 421 either way.
        if (routed.status === 421 && refused.status === 421) return;
        if (route && adminPatterns.has(route)) {
          reachedKinds.add(probe.form.kind);
          if (route !== probe.route)
            disagreements.push(`reached ${route}: ${describeProbe(probe, routed)}`);
          // The router matched an admin route: the guard must have refused the same form.
          if (refused.status !== 401)
            disagreements.push(`guard let through: ${describeProbe(probe, refused)}`);
        } else if (refused.status !== routed.status || refused.body !== routed.body) {
          // The router matched no admin route: credentials must make no difference.
          disagreements.push(
            `differs by credentials: ${describeProbe(probe, routed)} vs ${refused.status}`,
          );
        }
        if (refused.status >= 200 && refused.status < 300) {
          disagreements.push(`answered without a session: ${describeProbe(probe, refused)}`);
        }
      });
      expect(disagreements).toEqual([]);
      // The disguises the router is known to resolve really were resolved: the test is not vacuous.
      expect([...reachedKinds]).toEqual(
        expect.arrayContaining(['canonical', 'percent-encoded', 'absolute-form', 'trailing slash']),
      );
      const perRoute = adminRoutes().map(
        (route) =>
          probes.filter((probe) => probe.route === route.url && probe.method === route.method)
            .length,
      );
      // The figures of the closing note: how many request forms each route was tried in.
      process.stdout.write(
        `${kind.name}: ${adminRoutes().length} admin routes (with HEAD), ${Math.min(...perRoute)}-${Math.max(...perRoute)} request forms each, ` +
          `${probes.length} probes per credential state; ${withSession.filter(({ route }) => route && adminPatterns.has(route)).length} reached an admin route with a session, 0 without\n`,
      );
    });

    it('refuses every other credential state on every form that reaches an admin handler', async () => {
      const probes = probesFor(adminRoutes());
      const { token } = await adminHeaders(testApp.app, ADMIN);
      const routed = await routeWithSession(probes);
      const reaching = probes.filter(
        (probe, index) =>
          routed[index]?.route === probe.route && routed[index]?.response.status !== 421,
      );

      const { headers: stranger } = await adminHeaders(testApp.app, STRANGER);
      const revoked = await adminHeaders(testApp.app, ADMIN);
      await revokeSession(testApp.app.database.db, revoked.token);
      const unsafe = (probe: Probe) => !['GET', 'HEAD'].includes(probe.method);
      const sessionOnly = new Set(
        adminRoutes()
          .filter((route) => route.access === 'admin-session')
          .map((route) => `${route.method} ${route.url}`),
      );
      const takesTokens = (probe: Probe) => !sessionOnly.has(`${probe.method} ${probe.route}`);
      const forViewers = new Set(
        adminRoutes()
          .filter((route) => route.access === 'viewer')
          .map((route) => `${route.method} ${route.url}`),
      );
      const notForViewers = (probe: Probe) => !forViewers.has(`${probe.method} ${probe.route}`);
      const { headers: viewer } = await adminHeaders(testApp.app, VIEWER);
      const apiToken = async (scope: 'read' | 'write', revoked = false, createdBy = ADMIN) => {
        const db = testApp.app.database.db;
        const created = await createApiToken(db, { name: 'forms', scope, createdBy });
        if (revoked) await revokeApiToken(db, created.apiToken.id, ADMIN);
        return { authorization: `Bearer ${created.token}` };
      };
      const states: [string, 401 | 403, Record<string, string>, (probe: Probe) => boolean][] = [
        ['a revoked API token', 401, await apiToken('write', true), takesTokens],
        [
          'a read-only API token on a change',
          403,
          await apiToken('read'),
          (probe) => takesTokens(probe) && unsafe(probe),
        ],
        [
          'an API token on a session-only route',
          403,
          await apiToken('write'),
          (probe) => !takesTokens(probe),
        ],
        ['a viewer session on a route not open to viewers', 403, viewer, notForViewers],
        [
          "a viewer's API token on a route not open to viewers",
          403,
          await apiToken('write', false, VIEWER),
          notForViewers,
        ],
        ['a garbage cookie', 401, { cookie: `${SESSION_COOKIE}=garbage` }, () => true],
        ['a garbage bearer token', 401, { authorization: 'Bearer garbage' }, () => true],
        ['a revoked session', 401, revoked.headers, () => true],
        ['a session not on the allow-list', 403, stranger, () => true],
        [
          'a valid session cookie sent from another site',
          403,
          {
            cookie: `${SESSION_COOKIE}=${token}`,
            origin: 'https://evil.example',
            'sec-fetch-site': 'cross-site',
          },
          unsafe,
        ],
      ];
      const failures: string[] = [];
      let sent = 0;
      for (const [name, status, headers, applies] of states) {
        const probesOfState = reaching.filter(applies);
        const answers = await inBatches(probesOfState, 16, (probe) => send(probe, headers));
        sent += answers.length;
        probesOfState.forEach((probe, index) => {
          const answer = answers[index]!;
          if (answer.status !== status) failures.push(`${name}: ${describeProbe(probe, answer)}`);
        });
      }
      expect(sent).toBeGreaterThan(reaching.length * 4);
      expect(failures).toEqual([]);
    });

    it('answers every form of every API route with the API headers and its error shape', async () => {
      const apiRoutes = testApp.app.routeList.filter(
        (route) =>
          route.url.startsWith('/api/') &&
          !route.url.startsWith('/api/docs') &&
          route.method !== 'HEAD',
      );
      const probes = probesFor(apiRoutes);
      const answers = await inBatches(probes, 16, (probe) => send(probe, {}));
      const failures: string[] = [];
      probes.forEach((probe, index) => {
        const answer = answers[index]!;
        const csp = answer.headers['content-security-policy'] ?? '';
        const json = (answer.headers['content-type'] ?? '').startsWith('application/json');
        if (json && csp !== API_CONTENT_SECURITY_POLICY) {
          failures.push(`page policy on JSON: ${describeProbe(probe, answer)}`);
        }
        if (!answer.headers['x-content-type-options'])
          failures.push(`no headers: ${describeProbe(probe, answer)}`);
        if (json && answer.status >= 400) {
          const messageShaped = /^\/api\/(admin|email|auth|app)\//.test(probe.route);
          const body = JSON.parse(answer.body) as Record<string, unknown>;
          if (!(messageShaped ? 'message' : 'error' in body ? 'error' : 'message' in body)) {
            failures.push(`no error text: ${describeProbe(probe, answer)}`);
          }
          if (messageShaped && answer.status !== 404 && typeof body.message !== 'string') {
            failures.push(`wrong error shape: ${describeProbe(probe, answer)}`);
          }
        }
      });
      expect(failures).toEqual([]);
    });

    it('lets no form of the app registration reach its handler without an ID token', async () => {
      const appRoutes = testApp.app.routeList.filter((route) => route.access === 'app');
      expect(appRoutes.length).toBeGreaterThan(0);
      const probes = probesFor(appRoutes);
      const credentials: Record<string, string>[] = [{}, { authorization: 'Bearer garbage' }];
      for (const headers of credentials) {
        const answers = await inBatches(probes, 16, (probe) => send(probe, headers));
        const reached = probes
          .map((probe, index) => ({ probe, answer: answers[index]! }))
          .filter(({ answer }) => ![400, 401, 404, 414, 421, 505].includes(answer.status));
        expect(reached.map(({ probe, answer }) => describeProbe(probe, answer))).toEqual([]);
        expect(answers.filter((answer) => answer.status === 401).length).toBeGreaterThan(1);
      }
    });
  },
);
