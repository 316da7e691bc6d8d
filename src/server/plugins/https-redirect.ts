import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';

/**
 * Load balancers probe the service over plain HTTP on its own port; a redirect would mark every
 * instance unhealthy. The answer holds no personal data.
 */
const PLAIN_HTTP_ROUTES = new Set(['/api/health']);

/**
 * The path and query of a request target, safe to put after our own origin: an absolute-form
 * target (`http://other.example/x?y`) gives only its path and query; anything that is not a path
 * (`*`, `host:443`) gives `/`.
 */
export function targetPathAndQuery(target: string): { pathname: string; search: string } {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) {
    try {
      const url = new URL(target);
      return { pathname: url.pathname, search: url.search };
    } catch {
      return { pathname: '/', search: '' };
    }
  }
  if (!target.startsWith('/')) return { pathname: '/', search: '' };
  const queryAt = target.indexOf('?');
  return queryAt === -1
    ? { pathname: target, search: '' }
    : { pathname: target.slice(0, queryAt), search: target.slice(queryAt) };
}

/** Where a plain-HTTP request goes: the same path and query on PUBLIC_URL's origin, never the Host's. */
export function httpsLocation(publicUrl: string, request: FastifyRequest): string {
  const location = new URL(new URL(publicUrl).origin);
  const { pathname, search } = targetPathAndQuery(request.url);
  // The setters escape what needs escaping; the origin stays ours whatever the path holds.
  location.pathname = pathname;
  location.search = search;
  return location.href;
}

/**
 * In production behind a trusted TLS-terminating proxy, every request that did not arrive over
 * HTTPS (X-Forwarded-Proto, which Fastify reads only from trusted proxies, or else the socket)
 * is sent to the HTTPS public URL with 308, which keeps the method and body. The proxy must send
 * X-Forwarded-Proto. Off when PUBLIC_URL is not https: there would be nowhere to send it.
 */
export function registerHttpsRedirect(app: FastifyInstance, config: AppConfig): void {
  if (config.env !== 'production' || config.trustProxy === false) return;
  if (new URL(config.publicUrl).protocol !== 'https:') return;
  app.addHook('onRequest', (request, reply, done) => {
    const route = request.is404 ? undefined : request.routeOptions.url;
    const secure = request.protocol.toLowerCase() === 'https';
    if (secure || (route && PLAIN_HTTP_ROUTES.has(route))) return done();
    void reply.redirect(httpsLocation(config.publicUrl, request), 308);
  });
}
