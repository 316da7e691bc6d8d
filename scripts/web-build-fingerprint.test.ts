import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildNeeded, recordFingerprint } from './web-build-fingerprint.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A project folder with a few site sources and a finished build, as `npm run build` leaves it. */
function builtProject(): string {
  const root = mkdtempSync(join(tmpdir(), 'reelscore-fingerprint-'));
  dirs.push(root);
  mkdirSync(join(root, 'src/web/routes'), { recursive: true });
  writeFileSync(join(root, 'src/web/routes/home.tsx'), 'export default 1;\n');
  mkdirSync(join(root, 'src/server'), { recursive: true });
  writeFileSync(join(root, 'src/server/app.ts'), 'export {};\n');
  cpSync('package-lock.json', join(root, 'package-lock.json'));
  mkdirSync(join(root, 'build/client'), { recursive: true });
  writeFileSync(join(root, 'build/client/index.html'), '<!doctype html>');
  recordFingerprint(root, 'build', {});
  return root;
}

describe('whether `npm start` must build the site first', () => {
  it('does not rebuild when nothing the site is made from changed', () => {
    const root = builtProject();
    writeFileSync(join(root, 'src/server/app.ts'), 'export const changed = true;\n');
    expect(buildNeeded(root, {})).toBeNull();
  });

  it('rebuilds when a site source changed, was added or a dependency moved', () => {
    const root = builtProject();
    writeFileSync(join(root, 'src/web/routes/home.tsx'), 'export default 2;\n');
    expect(buildNeeded(root, {})).toBe('The site changed since the last build');

    const added = builtProject();
    writeFileSync(join(added, 'src/web/routes/about.tsx'), 'export default 3;\n');
    expect(buildNeeded(added, {})).toBe('The site changed since the last build');

    const locked = builtProject();
    writeFileSync(join(locked, 'package-lock.json'), '{}\n');
    expect(buildNeeded(locked, {})).toBe('The site changed since the last build');
  });

  it('rebuilds when the build used other site settings (PUBLIC_URL, VITE_*)', () => {
    const root = builtProject();
    expect(buildNeeded(root, { VITE_ANALYTICS_ENABLED: 'true' })).toBe(
      'The site changed since the last build',
    );
  });

  it('builds when there is no build, or one from before fingerprints were recorded', () => {
    const root = builtProject();
    rmSync(join(root, 'build/site-fingerprint.txt'));
    expect(buildNeeded(root, {})).toBe('The site changed since the last build');
    rmSync(join(root, 'build'), { recursive: true });
    expect(buildNeeded(root, {})).toBe('No web build found');
  });
});
