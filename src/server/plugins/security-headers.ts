import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../config.ts';
import { decidingPath, isApiPath } from '../lib/request-path.ts';

/**
 * Google Analytics 4 hosts: allowed only on the pages of a build with analytics on (see
 * page-policies.ts); even then the site loads them only after the visitor consents.
 */
const ANALYTICS_SCRIPT_HOSTS = ['https://www.googletagmanager.com'];
const ANALYTICS_BEACON_HOSTS = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://*.googletagmanager.com',
];

/**
 * `scriptSources` adds to `script-src`: the hashes of a prerendered page's own inline scripts
 * (see plugins/web.ts), so no other inline script can run. `analytics` adds Google's hosts.
 */
export function helmetOptions(
  config: AppConfig,
  scriptSources: string[] = [],
  analytics = false,
): HelmetOptions {
  const scriptHosts = analytics ? ANALYTICS_SCRIPT_HOSTS : [];
  const beaconHosts = analytics ? ANALYTICS_BEACON_HOSTS : [];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", ...scriptSources, ...scriptHosts],
        styleSrc: ["'self'"],
        // React and Radix set a few style attributes (positions, sizes); they cannot run code.
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', ...beaconHosts],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...beaconHosts],
        mediaSrc: ["'self'"],
        frameSrc: ["'self'"],
        upgradeInsecureRequests: config.env === 'production' ? [] : null,
      },
    },
    // HSTS only where TLS is guaranteed; locally the site runs on plain http://localhost.
    strictTransportSecurity:
      config.env === 'production'
        ? { maxAge: 63_072_000, includeSubDomains: true, preload: false }
        : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // The admin sign-in opens a popup that reports back to this window; `same-origin` would cut
    // that link, `same-origin-allow-popups` keeps it and still isolates us from other openers.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    // Headers for browsers and plug-ins long gone (IE8 downloads, Flash policies, DNS prefetch
    // hints, the removed XSS auditor) are left out: they only add bytes to every response.
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xDnsPrefetchControl: false,
    xXssProtection: false,
  };
}

/**
 * JSON is never rendered as a document, so API responses get the strictest policy there is
 * (OWASP REST Security: `default-src 'none'`, `frame-ancestors 'none'`).
 */
export const API_CONTENT_SECURITY_POLICY =
  "default-src 'none'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'";

/** Runs helmet once against a recorder and keeps the headers it would set. */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)(
    {} as IncomingMessage,
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error)
        throw error instanceof Error ? error : new Error('helmet failed', { cause: error });
    },
  );
  return headers;
}

/**
 * Strict headers on every response (DESIGN.md, security model), chosen by helmet. The policy is
 * the same for every request, so it is computed once at start rather than per request: that
 * cost a measured 9% of CPU on the health endpoint. Pages load nothing from other origins;
 * analytics hosts are added here once visitors can consent to them.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig) {
  const headersFor = securityHeadersByRoute(config);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headersFor(request));
    done();
  });
}

/** The headers of every JSON answer: the page set with the strictest policy. */
export function apiSecurityHeaders(config: AppConfig): Record<string, string> {
  return {
    ...securityHeaders(helmetOptions(config)),
    'content-security-policy': API_CONTENT_SECURITY_POLICY,
  };
}

/**
 * The API's headers for API routes, the page headers for pages; decided by the route that
 * matched (or the normalised path when none did), never the raw target. Computed once.
 */
export function securityHeadersByRoute(
  config: AppConfig,
): (request: FastifyRequest) => Record<string, string> {
  const byPath = securityHeadersByPath(config);
  return (request) => byPath(decidingPath(request));
}

/** The same choice for a (route or normalised) path, where there is no routed request. */
export function securityHeadersByPath(config: AppConfig): (path: string) => Record<string, string> {
  const pageHeaders = securityHeaders(helmetOptions(config));
  const apiHeaders = apiSecurityHeaders(config);
  return (path) => (isApiPath(path) ? apiHeaders : pageHeaders);
}
