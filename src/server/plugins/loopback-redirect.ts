import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';
import { decidingPath, isApiPath } from '../lib/request-path.ts';
import { httpsLocation } from './https-redirect.ts';

/** The names of this machine a browser may be given for a local run. */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A Host header's name and port (the port spelt out, 80 when absent), or null if unreadable. */
function hostParts(host: string | undefined): { name: string; port: string } | null {
  if (!host) return null;
  try {
    const url = new URL(`http://${host}`);
    return { name: url.hostname.toLowerCase(), port: url.port || '80' };
  } catch {
    return null;
  }
}

/**
 * Cookies belong to one host name, so a sign-in begun on http://127.0.0.1:3000 comes back to
 * PUBLIC_URL (http://localhost:3000) without its cookie and reads as expired. Outside production,
 * a page opened under another loopback name of PUBLIC_URL's host (same port) is sent to the
 * same path there first. Only those names: the Location is always PUBLIC_URL's origin, and any
 * other Host is served as before. API calls are answered where they are made.
 */
export function registerLoopbackRedirect(app: FastifyInstance, config: AppConfig): void {
  if (config.env === 'production') return;
  const publicUrl = new URL(config.publicUrl);
  const publicHost = hostParts(publicUrl.host);
  if (publicUrl.protocol !== 'http:' || !publicHost || !LOOPBACK_NAMES.has(publicHost.name)) return;
  // Nearly every request of a run carries the same Host: its parts are parsed once, not per request.
  let lastHost: string | undefined;
  let lastParts: ReturnType<typeof hostParts> = null;
  app.addHook('onRequest', (request, reply, done) => {
    if (request.headers.host !== lastHost) {
      lastHost = request.headers.host;
      lastParts = hostParts(lastHost);
    }
    const host = lastParts;
    const alias =
      host !== null &&
      host.name !== publicHost.name &&
      host.port === publicHost.port &&
      LOOPBACK_NAMES.has(host.name);
    const page =
      (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(decidingPath(request));
    if (!alias || !page) return done();
    void reply.redirect(httpsLocation(config.publicUrl, request), 307);
  });
}
