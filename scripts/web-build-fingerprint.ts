import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * What the site build is made from. `npm run build` records its fingerprint beside the build, and
 * `npm start` (scripts/ensure-web-build.ts) rebuilds when the sources no longer match it, so a
 * `git pull` never leaves the old site served.
 */
export const SITE_SOURCES = [
  'src/web',
  'src/contract',
  'public',
  'package-lock.json',
  'vite.config.ts',
  'react-router.config.ts',
  'tsconfig.json',
  'scripts/site-build-settings.ts',
  'scripts/strip-module-preloads.ts',
  'scripts/compress-build.ts',
];
/** Written into the build folder, beside client/. */
export const FINGERPRINT_FILE = 'site-fingerprint.txt';

function filesUnder(root: string, path: string): string[] {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [path];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .map((name) => join(path, name))
    .filter((name) => statSync(join(root, name)).isFile());
}

/** A hash of every source file (path and content) and of the settings the build reads. */
export function siteFingerprint(
  root: string,
  env: Record<string, string | undefined> = process.env,
): string {
  const hash = createHash('sha256');
  const files = SITE_SOURCES.flatMap((path) => filesUnder(root, path)).sort();
  for (const file of files) {
    hash.update(`${relative(root, join(root, file))}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  const settings = Object.keys(env)
    .filter((name) => name === 'PUBLIC_URL' || name.startsWith('VITE_'))
    .sort()
    .map((name) => `${name}=${env[name]}`);
  hash.update(settings.join('\n'));
  return hash.digest('hex');
}

/** Why the site must be built before starting, or null when the build matches its sources. */
export function buildNeeded(
  root: string,
  env: Record<string, string | undefined> = process.env,
  buildDir = 'build',
): string | null {
  if (!existsSync(join(root, buildDir, 'client/index.html'))) return 'No web build found';
  const file = join(root, buildDir, FINGERPRINT_FILE);
  const recorded = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (recorded !== siteFingerprint(root, env)) return 'The site changed since the last build';
  return null;
}

export function recordFingerprint(
  root: string,
  buildDir = 'build',
  env: Record<string, string | undefined> = process.env,
): void {
  writeFileSync(join(root, buildDir, FINGERPRINT_FILE), `${siteFingerprint(root, env)}\n`);
}

// The last step of `npm run build` (which builds into WEB_BUILD_DIR, build/ by default).
if (import.meta.main) recordFingerprint(process.cwd(), process.env.WEB_BUILD_DIR ?? 'build');
