import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv } from './config.ts';

/**
 * Docker does not run here, so these tests check what can be checked without it: the image
 * runs the service as `npm start` does, as a non-root user, with only the production
 * dependencies; and compose.yaml sets only variables the service knows.
 */
const dockerfile = readFileSync('Dockerfile', 'utf8');
const compose = readFileSync('compose.yaml', 'utf8');
const packageJson = JSON.parse(readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>;
  scripts: Record<string, string>;
};

/** The instructions of the last stage (the image that runs). */
function finalStage(): string[] {
  const stages = dockerfile.split(/^FROM /m).slice(1);
  return stages
    .at(-1)!
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
}

/** The package a bare import names (`@scope/name/sub` -> `@scope/name`). */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Bare imports of the files the running service loads (tests and test helpers excluded). */
function runtimeImports(): Map<string, string> {
  const found = new Map<string, string>();
  const files = [
    ...['src/server', 'src/contract'].flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((name) => join(dir, name)),
    ),
    'scripts/ensure-web-build.ts',
    'scripts/web-build-fingerprint.ts',
  ].filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes('/test/'),
  );
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(
      /(?:^|\n)\s*(?:import|export)(?!\s+type\b)[^'"]*?from\s+'([^'.][^']*)'|\bimport\(\s*'([^'.][^']*)'\s*\)/g,
    )) {
      const specifier = match[1] ?? match[2]!;
      if (specifier.startsWith('node:') || builtinModules.includes(specifier)) continue;
      found.set(packageOf(specifier), file);
    }
  }
  return found;
}

describe('deployment files', () => {
  it('builds in one stage and runs in a small non-root one with the command of npm start', () => {
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    const stage = finalStage();
    expect(stage[0]).toMatch(/^node:24[-.\w]*$/);
    expect(stage).toContain('USER node');
    // node itself is PID 1 and gets `docker stop`'s SIGTERM (npm would leave it running).
    expect(stage.at(-1)).toBe('CMD ["node", "src/server/main.ts"]');
    expect(packageJson.scripts.start).toMatch(/&& exec node src\/server\/main\.ts$/);
    expect(stage.find((line) => line.startsWith('HEALTHCHECK'))).toContain('/api/health');
    expect(dockerfile).toContain('npm prune --omit=dev');
  });

  it('copies everything `npm start` reads into the running image', () => {
    const copied = finalStage()
      .filter((line) => line.startsWith('COPY'))
      .join('\n');
    expect(packageJson.scripts.prestart).toMatch(/&& node scripts\/ensure-web-build\.ts$/);
    expect(packageJson.scripts.start).toMatch(/&& exec node src\/server\/main\.ts$/);
    for (const path of [
      'package.json',
      'node_modules',
      '/app/src',
      '/app/scripts',
      'build/client',
    ]) {
      expect(copied).toContain(path);
    }
  });

  it('the running service imports only production dependencies', () => {
    const imports = runtimeImports();
    // The scan sees the service's real imports (a broken pattern would find nothing).
    expect([...imports.keys()]).toEqual(expect.arrayContaining(['fastify', 'kysely', 'zod']));
    const missing = [...imports]
      .filter(([name]) => !(name in packageJson.dependencies))
      .map(([name, file]) => `${name} (imported by ${file})`);
    expect(missing).toEqual([]);
  });

  it('compose gives the service longer to drain on stop than it gives itself', () => {
    const grace = /^\s+stop_grace_period: (\d+)s$/m.exec(compose)?.[1];
    expect(Number(grace)).toBeGreaterThan(parseEnv({}).SHUTDOWN_TIMEOUT_SECONDS);
  });

  it('compose.yaml sets only variables the service accepts', () => {
    const environment = compose.slice(
      compose.indexOf('environment:'),
      compose.indexOf('depends_on:'),
    );
    const variables = Object.fromEntries(
      [...environment.matchAll(/^\s+([A-Z_]+): '?([^'\n]*)'?$/gm)].map((match) => [
        match[1]!,
        match[2]!,
      ]),
    );
    expect(Object.keys(variables)).toEqual(['DATABASE_URL', 'REDIS_URL', 'TRUST_PROXY']);
    expect(() => parseEnv(variables)).not.toThrow();
  });
});
