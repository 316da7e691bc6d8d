import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { AppConfig } from '../config.ts';
import { helmetOptions, securityHeaders } from './security-headers.ts';

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

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
 * exactly its own scripts, computed once when the server starts.
 */
export function pagePolicies(config: AppConfig, root: string): Map<string, string> {
  const policies = new Map<string, string>();
  for (const file of htmlFiles(root)) {
    const hashes = inlineScriptHashes(readFileSync(file, 'utf8'));
    const headers = securityHeaders(helmetOptions(config, hashes));
    const policy = headers['content-security-policy'];
    if (policy) policies.set(`/${relative(root, file).replaceAll('\\', '/')}`, policy);
  }
  return policies;
}
