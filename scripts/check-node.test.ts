import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const CHECK = resolve(import.meta.dirname, 'check-node.cjs');
/** The machine's own Node, older than the project needs (Debian ships 20 here). */
const SYSTEM_NODE = '/usr/bin/node';

function run(node: string) {
  const result = spawnSync(node, [CHECK], { encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('the Node version check before every npm script', () => {
  it('passes silently on the Node that runs the tests', () => {
    expect(run(process.execPath)).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  const systemMajor = existsSync(SYSTEM_NODE)
    ? Number(
        spawnSync(SYSTEM_NODE, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.split(
          '.',
        )[0],
      )
    : undefined;
  if (systemMajor === undefined || systemMajor >= 24) {
    console.info(
      `check-node: skipping the old-Node case (${SYSTEM_NODE} is absent or not older than 24)`,
    );
  }
  it.skipIf(systemMajor === undefined || systemMajor >= 24)(
    `stops an older Node (${SYSTEM_NODE}) with one line saying what to install, exit code 1`,
    () => {
      const version = spawnSync(SYSTEM_NODE, ['-p', 'process.versions.node'], {
        encoding: 'utf8',
      }).stdout.trim();
      expect(run(SYSTEM_NODE)).toEqual({
        code: 1,
        stdout: '',
        stderr: `ReelScore needs Node.js 24 or newer (this is ${version}): install it from https://nodejs.org or with \`nvm install\` (see .nvmrc).\n`,
      });
    },
  );

  it('runs first in every npm script, and npm itself refuses to install on the wrong Node', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as {
      scripts: Record<string, string>;
    };
    const unchecked = Object.entries(scripts)
      .filter(([, command]) => !command.startsWith('node scripts/check-node.cjs && '))
      .map(([name]) => name);
    expect(unchecked).toEqual([]);
    expect(readFileSync('.npmrc', 'utf8')).toMatch(/^engine-strict=true$/m);
  });
});
