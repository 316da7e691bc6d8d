import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { SITE_BUILD_FILE as SERVER_READS } from '../src/server/plugins/page-policies.ts';
import { analyticsInBuild, SITE_BUILD_FILE, siteBuildSettings } from './site-build-settings.ts';

/** A real Vite build of a one-line site with `env` in its .env file; what the plugin wrote. */
async function buildWith(env: string): Promise<unknown> {
  const root = mkdtempSync(join(tmpdir(), 'reelscore-site-build-'));
  try {
    writeFileSync(
      join(root, 'index.html'),
      '<!doctype html><script type="module" src="/main.js"></script>',
    );
    writeFileSync(join(root, 'main.js'), 'console.log(import.meta.env.VITE_GA_MEASUREMENT_ID);');
    writeFileSync(join(root, '.env'), env);
    await build({
      root,
      envDir: root,
      configFile: false,
      logLevel: 'silent',
      plugins: [siteBuildSettings()],
      build: { outDir: join(root, 'dist') },
    });
    return JSON.parse(readFileSync(join(root, 'dist', SITE_BUILD_FILE), 'utf8'));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

describe('the site build says whether it has analytics', () => {
  it('follows the site: on only with the flag "true" and a measurement id', () => {
    expect(
      analyticsInBuild({ VITE_ANALYTICS_ENABLED: 'true', VITE_GA_MEASUREMENT_ID: 'G-1' }),
    ).toBe(true);
    expect(analyticsInBuild({ VITE_ANALYTICS_ENABLED: 'true', VITE_GA_MEASUREMENT_ID: ' ' })).toBe(
      false,
    );
    expect(analyticsInBuild({ VITE_ANALYTICS_ENABLED: '1', VITE_GA_MEASUREMENT_ID: 'G-1' })).toBe(
      false,
    );
    expect(analyticsInBuild({})).toBe(false);
  });

  it('writes the file the server reads into the build', async () => {
    expect(SITE_BUILD_FILE).toBe(SERVER_READS);
    expect(
      await buildWith('VITE_ANALYTICS_ENABLED=true\nVITE_GA_MEASUREMENT_ID=G-TEST01\n'),
    ).toEqual({
      analytics: true,
    });
    expect(await buildWith('VITE_ANALYTICS_ENABLED=false\n')).toEqual({ analytics: false });
  });
});
