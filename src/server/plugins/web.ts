import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppConfig } from '../config.ts';
import { isApiPath, normalisePath } from '../lib/request-path.ts';
import { errorBody } from './error-handler.ts';
import { defaultAccess } from './route-access.ts';
import { pagePolicies } from './page-policies.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=3600';

/** Hashed build assets never change; HTML and route data must be revalidated on every visit. */
export function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return IMMUTABLE;
  if (urlPath.endsWith('.html') || urlPath.endsWith('.data') || urlPath.endsWith('/')) {
    return REVALIDATE;
  }
  return SHORT;
}

const PLACEHOLDER_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>ReelScore - Coming soon</title></head>
<body><main><h1>ReelScore</h1><p>Point your phone at any movie title and see its ratings in under 2 seconds. Coming soon.</p></main></body></html>
`;

const NOT_FOUND_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Page not found - ReelScore</title></head>
<body><main><h1>404</h1><p>Oops! The page you’re looking for doesn’t exist.</p><p><a href="/">Back to Home</a></p></main></body></html>
`;

/**
 * Images that emails load from the site (templates/brand-layout.ts; the icon for mail sent
 * before the wordmark). Webmail in a browser and the dashboard's sandboxed preview load them from
 * another origin, which `same-origin` blocks.
 */
export const EMAIL_ASSETS = new Set(['/mail-wordmark.png', '/icon-192.png']);

/** Pages rendered in the browser only (route-table.ts `clientOnly`): they get the SPA fallback. */
export const CLIENT_ONLY_PATHS = ['/admin'];
const SPA_FALLBACK = '/__spa-fallback.html';

/**
 * Serves the prerendered web build from the same origin as the API. Client-only pages get the
 * SPA fallback page with status 200; unknown pages get the site's 404 page with status 404;
 * unknown API paths get JSON.
 */
export async function registerWeb(app: FastifyInstance, config: AppConfig) {
  const root = resolve(config.webRoot);
  const built = existsSync(join(root, 'index.html'));
  const notFoundFile = join(root, '404', 'index.html');
  const notFoundHtml = existsSync(notFoundFile)
    ? readFileSync(notFoundFile, 'utf8')
    : NOT_FOUND_PAGE;
  const policies = built ? pagePolicies(config, root) : new Map<string, string>();
  const notFoundPolicy = policies.get('/404/index.html');
  const fallbackFile = join(root, SPA_FALLBACK);
  const fallbackHtml =
    built && existsSync(fallbackFile) ? readFileSync(fallbackFile, 'utf8') : null;
  const fallbackPolicy = policies.get(SPA_FALLBACK);

  if (built) {
    // The site's files are public; the plugin's routes take that declaration.
    await app.register(async (scope) => {
      defaultAccess(scope, 'public');
      await scope.register(fastifyStatic, {
        root,
        wildcard: true,
        index: ['index.html'],
        redirect: false,
        cacheControl: false,
        // The build holds Brotli and gzip copies of its text files (scripts/compress-build.ts).
        preCompressed: true,
        setHeaders: (reply, path) => {
          const urlPath = path
            .slice(root.length)
            .replaceAll('\\', '/')
            .replace(/\.(br|gz)$/, '');
          reply.header('cache-control', cacheControlFor(urlPath));
          if (EMAIL_ASSETS.has(urlPath))
            reply.header('cross-origin-resource-policy', 'cross-origin');
          const policy = policies.get(urlPath);
          if (policy) reply.header('content-security-policy', policy);
        },
      });
    });
  } else {
    app.log.info({ root }, 'no web build found; serving the placeholder page');
    app.get('/', { schema: { hide: true }, config: { access: 'public' } }, (_request, reply) =>
      sendHtml(reply, 200, PLACEHOLDER_PAGE),
    );
  }

  if (fallbackHtml !== null) {
    for (const path of CLIENT_ONLY_PATHS) {
      app.get(path, { schema: { hide: true }, config: { access: 'public' } }, (_request, reply) => {
        const nonce = randomBytes(16).toString('base64');
        if (fallbackPolicy) {
          reply.header('content-security-policy', withStyleNonce(fallbackPolicy, nonce));
        }
        return sendHtml(reply, 200, withNonceMeta(fallbackHtml, nonce));
      });
    }
  }

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(normalisePath(request.url)) || !['GET', 'HEAD'].includes(request.method)) {
      return reply.code(404).send(errorBody(request, 'Not found'));
    }
    if (notFoundPolicy) reply.header('content-security-policy', notFoundPolicy);
    return sendHtml(reply, 404, notFoundHtml);
  });
}

/**
 * The dashboard's modal dialog locks page scrolling with a `<style>` element it writes at run
 * time (Radix, through react-remove-scroll), whose text depends on the scrollbar width, so no
 * hash can allow it. A fresh nonce per response allows exactly that element and no injected
 * one; the page hands it to the library through the `csp-nonce` meta tag.
 */
export function withStyleNonce(policy: string, nonce: string): string {
  return policy.replace(
    /(^|;\s*)style-src 'self'/,
    (_directive, start: string) => `${start}style-src 'self' 'nonce-${nonce}'`,
  );
}

function withNonceMeta(html: string, nonce: string): string {
  return html.replace(/<head>/i, (head) => `${head}<meta name="csp-nonce" content="${nonce}">`);
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header('cache-control', REVALIDATE)
    .type('text/html; charset=utf-8')
    .send(html);
}
