import type { FastifyRequest } from 'fastify';

/**
 * The path a request target names, as the router would see it and more: absolute-form
 * (`http://host/x`, any scheme case) reduced to its path, query and fragment dropped, every valid
 * percent-escape decoded, repeatedly (an encoded slash or backslash becomes a slash), `;`
 * parameters dropped, dot segments
 * resolved, repeated slashes collapsed, letters lower-cased. Used only where no route matched:
 * it errs towards the API's (stricter) answer, never towards a weaker one.
 */
export function normalisePath(target: string): string {
  let path = target;
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(path);
  if (absolute) path = path.slice(absolute[0].length);
  path = path.split(/[?#]/, 1)[0] ?? '';
  // Decoded until nothing changes, so a double-encoded `/%2561pi` counts as `/api` too.
  for (let round = 0; round < 4 && /%[0-9a-f]{2}/i.test(path); round++) {
    path = path.replace(/%[0-9a-f]{2}/gi, (escape) =>
      String.fromCharCode(parseInt(escape.slice(1), 16)),
    );
  }
  // Backslashes and overlong UTF-8 slashes (C0 AF, E0 80 AF) separate segments for some servers.
  path = path.replace(/\\|\u00c0\u00af|\u00e0\u0080\u00af|\u00c1\u009c/g, '/');
  const segments: string[] = [];
  for (const raw of path.split('/')) {
    const segment = (raw.split(';', 1)[0] ?? '').trim().toLowerCase();
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`;
}

/** Whether a (route or normalised) path belongs to the JSON API. */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/**
 * The path that decides a request's headers and error shape: the pattern of the route the router
 * matched (`/api/email/templates/:type/preview`), never the raw target. A request no route
 * matched, or a catch-all route (the static site's `/*`), is decided by its normalised path.
 */
export function decidingPath(request: FastifyRequest): string {
  const pattern = request.is404 ? undefined : request.routeOptions.url;
  if (pattern && !pattern.includes('*')) return pattern;
  return normalisePath(request.url);
}

/** Query parameters whose values say nothing about a person or a secret; others are redacted. */
const LOGGED_PARAMETERS = new Set(['limit', 'offset', 'sort', 'order', 'type', 'source']);
const EMAIL_IN_TEXT = /([^\s/?&=;:@]+)@([^\s/?&=;:@]+)/g;

/**
 * The request target as an access log may keep it: addresses in the path masked
 * ("v***@example.com"), and every query value redacted but for a few harmless ones (paging,
 * sorting), so unsubscribe tokens, OAuth codes and states and admin search terms never reach logs.
 */
export function redactTarget(target: string): string {
  const queryAt = target.indexOf('?');
  const rawPath = queryAt === -1 ? target : target.slice(0, queryAt);
  // Most paths hold neither an escape nor an address: they are kept as they are.
  let path = rawPath;
  if (path.includes('%')) {
    try {
      path = decodeURIComponent(rawPath);
    } catch {
      // Not valid escapes: the path is kept as sent.
    }
  }
  if (path.includes('@')) {
    path = path.replace(
      EMAIL_IN_TEXT,
      (_match, local: string, domain: string) => `${local[0]}***@${domain}`,
    );
  }
  if (queryAt === -1) return path.slice(0, 2048);
  const query = target
    .slice(queryAt + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [rawName = ''] = pair.split('=', 1);
      let name: string;
      try {
        name = decodeURIComponent(rawName.replaceAll('+', ' '));
      } catch {
        name = rawName;
      }
      if (!LOGGED_PARAMETERS.has(name))
        return `${encodeURIComponent(name).slice(0, 64)}=[redacted]`;
      return pair.slice(0, 128);
    })
    .join('&');
  return `${path}?${query}`.slice(0, 2048);
}
