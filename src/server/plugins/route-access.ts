import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { errorBody } from './error-handler.ts';

/**
 * Who may call a route, declared where the route is defined:
 * - `public`: anyone (pages, the signup, health, the sign-in flow, unsubscribe links);
 * - `admin`: a live admin session whose address is on the allow-list, or an API token of such an
 *   admin (features/auth/admin-guard.ts);
 * - `viewer`: the same for an admin or a viewer (VIEWER_EMAILS): routes that only read (lists,
 *   counts, charts, exports, the audit log, the outbox view); a viewer gets 403 on every other;
 * - `admin-session`: the same as `admin`, but a session only, never an API token (the token
 *   routes: a token cannot mint tokens);
 * - `app`: an ID token of the configured issuer issued to one of the app clients
 *   (features/access).
 */
export const ROUTE_ACCESS = ['public', 'admin', 'viewer', 'admin-session', 'app'] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

export type AccessCheck = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route; a route without it stops the app at start (default deny). */
    access?: RouteAccess;
  }
  interface FastifyInstance {
    /** Every route with its declared access, filled at start: what the access tests enumerate. */
    routeList: { method: string; url: string; access: RouteAccess }[];
    /** Sets how one kind of access is checked; every declared kind needs one before start. */
    defineAccessCheck(access: Exclude<RouteAccess, 'public'>, check: AccessCheck): void;
  }
}

export class RouteAccessError extends Error {
  override name = 'RouteAccessError';
}

function isRouteAccess(value: unknown): value is RouteAccess {
  return ROUTE_ACCESS.includes(value as RouteAccess);
}

/**
 * Routes a plugin defines (the API docs, the static site) take this access unless they declare
 * their own. Register the plugin inside the scope this returns.
 */
export function defaultAccess(scope: FastifyInstance, access: RouteAccess) {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: route.config?.access ?? access };
  });
}

/**
 * The one place access is enforced. Fastify routes a request before its `onRequest` hooks run,
 * so the check reads the declaration of the route that actually matched, whatever form the
 * request target took (percent-escapes, absolute-form, trailing slash). Registered first, so
 * every later route is seen; a route with no (or an unknown) declaration, or a declared kind
 * with no check, makes `ready()` fail.
 */
export function registerRouteAccess(app: FastifyInstance) {
  const checks = new Map<RouteAccess, AccessCheck>([['public', () => Promise.resolve()]]);
  const routes: RouteOptions[] = [];
  const routeList: FastifyInstance['routeList'] = [];
  app.decorate('routeList', routeList);

  app.decorate('defineAccessCheck', (access: RouteAccess, check: AccessCheck) => {
    checks.set(access, check);
  });
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.addHook('onReady', (done) => {
    const undeclared = routes
      .filter((route) => !isRouteAccess(route.config?.access))
      .map((route) => `${[route.method].flat().join(',')} ${route.url}`);
    if (undeclared.length > 0) {
      return done(
        new RouteAccessError(
          `Routes without an access declaration (config.access: ${ROUTE_ACCESS.join(' | ')}):\n  ${undeclared.join('\n  ')}`,
        ),
      );
    }
    const unchecked = [
      ...new Set(routes.map((route) => route.config?.access as RouteAccess)),
    ].filter((access) => !checks.has(access));
    if (unchecked.length > 0) {
      return done(new RouteAccessError(`No access check defined for: ${unchecked.join(', ')}`));
    }
    for (const route of routes) {
      for (const method of [route.method].flat()) {
        routeList.push({ method, url: route.url, access: route.config?.access as RouteAccess });
      }
    }
    done();
  });

  app.addHook('onRequest', (request, reply, done) => {
    // The not-found handler is a route of its own: it answers 404 to anyone.
    const access = request.is404 ? 'public' : request.routeOptions.config.access;
    // Public routes (most traffic: the site, signups, health) pass without a promise.
    if (access === 'public') return done();
    const check = access === undefined ? undefined : checks.get(access);
    if (!check) {
      request.log.error({ route: request.routeOptions.url }, 'route without an access check');
      void reply.code(403).send(errorBody(request, 'Access denied.'));
      return;
    }
    // A check that answers (401, 403) sends the reply itself; the request then goes no further.
    check(request, reply).then(() => {
      if (!reply.sent) done();
    }, done);
  });
}
