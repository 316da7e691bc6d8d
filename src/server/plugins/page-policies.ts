import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { AppConfig } from '../config.ts';
import { helmetOptions, securityHeaders } from './security-headers.ts';

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** Written by the site build (scripts/site-build-settings.ts); the server never imports it. */
export const SITE_BUILD_FILE = '.site-build.json';

/**
 * Whether the build being served loads Google Analytics. The site decides at build time
 * (VITE_ANALYTICS_ENABLED and VITE_GA_MEASUREMENT_ID, baked into its code), and the server's
 * own environment need not carry those variables (the Docker image passes them to the build
 * only), so the build says so itself. A build without the file has analytics off.
 */
export function buildHasAnalytics(root: string): boolean {
  try {
    const settings = JSON.parse(readFileSync(join(root, SITE_BUILD_FILE), 'utf8')) as unknown;
    return (settings as { analytics?: unknown }).analytics === true;
  } catch {
    return false;
  }
}

/** The CSP source for each inline script of a prerendered page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const body = match[1] ?? '';
    if (body.length === 0) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

function htmlFiles(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.html'))
    .map((path) => join(root, path));
}

/**
 * React Router's prerendered pages carry a few inline scripts (hydration data, scroll
 * restoration). Rather than allowing all inline script, each page's policy lists the hashes of
 * exactly its own scripts, computed once when the server starts. Google's hosts are allowed
 * only when the build has analytics on.
 */
export function pagePolicies(config: AppConfig, root: string): Map<string, string> {
  const analytics = buildHasAnalytics(root);
  const policies = new Map<string, string>();
  for (const file of htmlFiles(root)) {
    const hashes = inlineScriptHashes(readFileSync(file, 'utf8'));
    const headers = securityHeaders(helmetOptions(config, hashes, analytics));
    const policy = headers['content-security-policy'];
    if (policy) policies.set(`/${relative(root, file).replaceAll('\\', '/')}`, policy);
  }
  return policies;
}
