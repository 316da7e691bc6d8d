import { BlockList, isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config.ts';
import { errorBody } from './error-handler.ts';

export const MISDIRECTED_MESSAGE = 'This server does not answer for that host name.';

/** How many distinct Host values the check remembers as answered. */
const ANSWERED_HOSTS_KEPT = 64;

/** The names of this machine, answered on any port (tests, local runs, a check on the box). */
const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * `host [":" port]` (RFC 3986 authority without user information): a registered name, an IPv4
 * address or a bracketed IPv6 address, and digits for the port. Anything else names no host.
 */
const AUTHORITY = /^(\[[0-9a-f:.]+\]|[a-z0-9._~%!$&'()*+,;=-]+)(?::(\d{0,5}))?$/i;

/** The host name of an authority, lower-cased, as written (IPv6 in brackets); null if malformed. */
export function hostNameOf(authority: string): string | null {
  const match = AUTHORITY.exec(authority);
  if (!match?.[1] || Number(match[2] || 0) > 65535) return null;
  const name = match[1].toLowerCase();
  if (name.startsWith('[') && isIP(name.slice(1, -1)) !== 6) return null;
  return name;
}

/** The authority of an absolute-form request target (`GET http://host/path`), if it is one. */
function targetAuthority(url: string): string | undefined {
  return /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(url)?.[1];
}

/**
 * Which host names are answered: PUBLIC_URL's, loopback names, and ALLOWED_HOSTS (names exactly,
 * addresses and ranges for a Host that is an IP address, however it is written).
 */
export function hostAllowance(config: AppConfig): (name: string) => boolean {
  const names = new Set([new URL(config.publicUrl).hostname.toLowerCase(), ...LOOPBACK_NAMES]);
  const ranges = new BlockList();
  for (const entry of config.allowedHosts) {
    const [address = '', prefix] = entry
      .replace(/^\[([^\]]*)\](?=\/|$)/, (_bracketed, inner: string) => inner)
      .split('/');
    const family = isIP(address);
    if (family === 0) names.add(entry);
    else if (prefix === undefined) ranges.addAddress(address, family === 4 ? 'ipv4' : 'ipv6');
    else ranges.addSubnet(address, Number(prefix), family === 4 ? 'ipv4' : 'ipv6');
  }
  return (name) => {
    if (names.has(name)) return true;
    const address = name.replace(/^\[(.*)\]$/, (_bracketed, inner: string) => inner);
    const family = isIP(address);
    return family !== 0 && ranges.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };
}

/**
 * The names a request claims to be for: the host Fastify parsed (X-Forwarded-Host only from a
 * trusted proxy, else the Host header), and the authority of an absolute-form target, which
 * RFC 9112 (3.2.2) puts before the Host header. Both must be answered.
 */
function claimedAuthorities(request: FastifyRequest): string[] {
  const target = targetAuthority(request.url);
  return target === undefined ? [request.host] : [request.host, target];
}

/**
 * A page on another site can point a name it owns at 127.0.0.1 (DNS rebinding) and then read
 * a local instance as that site, cookies aside. A browser always sends the page's own name as
 * Host, so the service answers only for its own names and refuses others with 421 Misdirected
 * Request, before any route runs (decision 0035). Load balancers that probe by address need it
 * in ALLOWED_HOSTS (README).
 */
export function registerHostCheck(app: FastifyInstance, config: AppConfig): void {
  const allowed = hostAllowance(config);
  // Host values already answered, exactly as sent: a service sees few, so most requests are
  // decided by one lookup. Bounded, so made-up names cannot grow it.
  const answered = new Set<string>();
  app.addHook('onRequest', (request, reply, done) => {
    const host = request.host;
    // An origin-form target (`/path`) names no authority of its own; only the Host counts.
    const originForm = request.url.startsWith('/');
    if (originForm && answered.has(host)) return done();
    const names = claimedAuthorities(request).map(hostNameOf);
    if (names.every((name) => name !== null && allowed(name))) {
      if (originForm && answered.size < ANSWERED_HOSTS_KEPT) answered.add(host);
      return done();
    }
    request.log.warn(
      { host: request.host.slice(0, 256), target: targetAuthority(request.url)?.slice(0, 256) },
      'request for a host this server does not answer for',
    );
    void reply.code(421).send(errorBody(request, MISDIRECTED_MESSAGE));
  });
}
