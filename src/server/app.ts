import pino from 'pino';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { healthRoutes } from './features/health/health-routes.ts';
import { signupRoutes } from './features/waitlist/signup-routes.ts';
import { confirmationRoutes } from './features/waitlist/confirmation-routes.ts';
import { placeRoutes } from './features/place/place-routes.ts';
import { foldSignupTallyWhileRunning } from './platform/lists/signup-tally.ts';
import { foldLineBucketsWhileRunning } from './platform/line/line.ts';
import { sweepMovedUpWhileRunning } from './features/line-mail/moved-up-sweep.ts';
import { registerLists } from './features/lists/lists-feature.ts';
import { whitelistRoutes } from './features/access/whitelist-routes.ts';
import { waveRoutes } from './features/access/wave-routes.ts';
import { funnelRoutes } from './features/access/funnel-routes.ts';
import { referralRoutes } from './features/referrals/referral-routes.ts';
import { invitationRoutes } from './features/access/invitation-routes.ts';
import { apiTokenRoutes } from './features/auth/api-token-routes.ts';
import cookie from '@fastify/cookie';
import { registerAdminGuard } from './features/auth/admin-guard.ts';
import { authRoutes, type SignInSettings } from './features/auth/auth-routes.ts';
import { LOCAL_APP_CLIENT_ID, mountEmbeddedProvider } from './features/auth/embedded-provider.ts';
import { registrationRoutes } from './features/access/registration-routes.ts';
import { registerEmail } from './features/mail/email-feature.ts';
import { MAIL_TEMPLATES_MODULE } from './mail-templates.ts';
import { registerPersonPages } from './platform/pages/person-page.ts';
import { registerPrivacy } from './features/privacy/privacy-feature.ts';
import { registerWebhooks } from './features/integrations/webhook-feature.ts';
import { issuerClient } from './features/auth/oidc-client.ts';
import { registerApiDocs } from './plugins/api-docs.ts';
import { clientErrorHandler } from './plugins/client-errors.ts';
import { errorBody, registerErrorHandler } from './plugins/error-handler.ts';
import { registerHostCheck } from './plugins/host-check.ts';
import { registerHttpsRedirect } from './plugins/https-redirect.ts';
import { registerLoopbackRedirect } from './plugins/loopback-redirect.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerRequestIdHeader, requestIdGenerator } from './plugins/request-id.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerRouteAccess } from './plugins/route-access.ts';
import { registerSecurityHeaders, securityHeadersByRoute } from './plugins/security-headers.ts';
import { httpTimeoutOptions } from './lib/http-timeouts.ts';
import { redactTarget } from './lib/request-path.ts';
import { registerWeb } from './plugins/web.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: DatabaseHandle;
  }
}

/** JSON request bodies are small; anything larger is refused with 413 before it is parsed. */
const BODY_LIMIT_BYTES = 16 * 1024;

function loggerOptions(config: AppConfig): FastifyServerOptions['logger'] {
  const redact = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];
  if (config.env === 'development' && process.stdout.isTTY) {
    return {
      level: config.logLevel,
      redact,
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
      },
    };
  }
  return {
    level: config.logLevel,
    redact,
    // Lines go to standard output from libuv's thread pool, those written meanwhile in one write:
    // a write a line on the event loop cost a signup about as much as its validation. Buffered
    // lines are written out when the process exits (not after SIGKILL: milliseconds' worth).
    stream: config.logDestination ?? pino.destination({ dest: 1, sync: false }),
  };
}

/**
 * URLs Fastify refuses before routing (bad percent-encoding: 400; a path parameter over 100
 * characters: 414) skip every hook; they get the same headers and error shape as other answers.
 */
function frameworkErrors(config: AppConfig) {
  const headersFor = securityHeadersByRoute(config);
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const tooLong = error.statusCode === 414;
    // No hook runs for these, so the access log line is written here.
    request.log.info(
      { method: request.method, url: redactTarget(request.url), statusCode: tooLong ? 414 : 400 },
      'request completed',
    );
    void reply
      .code(tooLong ? 414 : 400)
      .headers(headersFor(request))
      .header('x-request-id', request.id)
      .send(errorBody(request, tooLong ? 'The URL is too long.' : 'The URL is not valid.'));
  };
}

/**
 * Requests in flight when shutdown begins still get their answer, but with `Connection: close`,
 * so keep-alive clients (load balancers) cannot hold the closing server open.
 */
function closeConnectionsWhenClosing(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}

/** Google (or any issuer) when configured; otherwise, outside production, the embedded provider. */
async function signInSettings(
  app: FastifyInstance,
  config: AppConfig,
): Promise<SignInSettings & { appAudiences: string[] }> {
  if (config.oidc) {
    return {
      configuration: issuerClient({ ...config.oidc, allowHttp: false }),
      // Google's account chooser, on every sign-in (Google has no `prompt=login`).
      prompt: () => 'select_account',
      appAudiences: config.appClientIds,
    };
  }
  if (config.env === 'production') throw new Error('OIDC_ISSUER is required in production');
  const embedded = await mountEmbeddedProvider(app, config);
  return {
    configuration: issuerClient({ ...embedded, allowHttp: true }),
    // A browser it knows is signed in again unasked, unless another account was asked for.
    prompt: (selectAccount) => (selectAccount ? 'login' : undefined),
    endRefusedSession: embedded.endSessionOf,
    appAudiences: [LOCAL_APP_CLIENT_ID, ...config.appClientIds],
  };
}

/** Log levels above info: a route that logs at one of them gets no line per request. */
const QUIET_LEVELS = new Set(['warn', 'error', 'fatal', 'silent']);

/**
 * Builds the whole service: plugins in a visible order (external, then app, then routes).
 * The database is opened and migrated here and closed with the app.
 */
export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    genReqId: requestIdGenerator(config.trustProxy),
    ...httpTimeoutOptions(config.httpTimeouts),
    routerOptions: { ignoreTrailingSlash: true },
    return503OnClosing: true,
    frameworkErrors: frameworkErrors(config),
    clientErrorHandler: clientErrorHandler(config),
    // One line per request (below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.addHook('onResponse', (request, reply, done) => {
    // A route may log at a higher level (health checks): then nothing is built for the line.
    if (QUIET_LEVELS.has(request.log.level)) return done();
    request.log.info(
      {
        method: request.method,
        url: redactTarget(request.url),
        route: request.is404 ? undefined : request.routeOptions.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
    done();
  });
  // The API speaks JSON only: other bodies are refused with 415 instead of being guessed at.
  app.removeContentTypeParser(['text/plain']);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = openDatabase(config.database, app.log);
  app.decorate('config', config);
  app.decorate('database', database);
  app.addHook('onClose', () => database.close());
  try {
    await migrateToLatest(
      database.db,
      config.database.kind === 'postgres' ? config.database.schema : undefined,
    );
  } catch (error) {
    await database.close();
    throw error;
  }

  try {
    closeConnectionsWhenClosing(app);
    registerRequestIdHeader(app);
    await registerMetrics(app, config);
    registerErrorHandler(app);
    registerSecurityHeaders(app, config);
    // Before any redirect or route: a request for another site's name gets nothing else.
    registerHostCheck(app, config);
    registerHttpsRedirect(app, config);
    registerLoopbackRedirect(app, config);
    await app.register(cookie);
    // Before any route: every later route must declare its access (default deny).
    registerRouteAccess(app);
    await registerRateLimit(app, config);
    await registerApiDocs(app, config);
    registerAdminGuard(app, config);

    // The site's page for people, which every page reached from a mail or the popup fills.
    registerPersonPages(app, config);
    healthRoutes(app, config);
    signupRoutes(app, config);
    await confirmationRoutes(app, config);
    await placeRoutes(app, config);
    // The dashboard's data calls; the API-token routes accept a signed-in session only.
    await registerLists(app);
    whitelistRoutes(app);
    waveRoutes(app);
    funnelRoutes(app);
    referralRoutes(app, config);
    apiTokenRoutes(app);
    foldSignupTallyWhileRunning(app);
    foldLineBucketsWhileRunning(app);
    // The weekly "you moved up" mail (MOVED_UP_MAIL).
    sweepMovedUpWhileRunning(app);
    await registerEmail(app, config, MAIL_TEMPLATES_MODULE);
    invitationRoutes(app, config);
    await registerPrivacy(app, config);
    await registerWebhooks(app, config);
    const signIn = await signInSettings(app, config);
    authRoutes(app, config, signIn);
    registrationRoutes(app, {
      configuration: signIn.configuration,
      audiences: signIn.appAudiences,
      rateLimit: config.appRateLimit,
    });

    await registerWeb(app, config);
    await app.ready();
  } catch (error) {
    // A service that cannot start releases what it opened (database, Redis, the mail catcher).
    await app.close().catch(() => database.close());
    throw error;
  }
  return app;
}
