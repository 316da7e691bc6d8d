import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testDatabaseKinds, type TestDatabase } from '../test/databases.ts';
import { testConfig } from '../test/test-config.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Another process writing to the same SQLite file, one small commit after another, as the
 * operator's tools (a migration or a seed from the command line) and the browser journeys'
 * seeds do. It reports how many commits it made when its input closes.
 */
function otherWriter(path: string): { child: ChildProcess; commits: () => Promise<number> } {
  const code = `
    const SQLite = require('better-sqlite3');
    const database = new SQLite(process.argv[1], { timeout: 10000 });
    database.exec('create table if not exists other_writer (n integer)');
    const insert = database.prepare('insert into other_writer (n) values (?)');
    let commits = 0;
    let open = true;
    process.stdin.on('end', () => { open = false; });
    process.stdin.resume();
    process.stdout.write('ready\\n');
    const step = () => {
      if (!open) { database.close(); process.stdout.write('commits ' + commits + '\\n'); return; }
      for (let n = 0; n < 5; n++) { insert.run(commits); commits += 1; }
      setImmediate(step);
    };
    step();
  `;
  const child = spawn(process.execPath, ['-e', code, path], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  return {
    child,
    async commits() {
      child.stdin.end();
      await once(child, 'exit');
      const found = /commits (\d+)/.exec(output);
      if (!found) throw new Error(`the other writer said: ${output}`);
      return Number(found[1]);
    },
  };
}

const [sqlite] = await testDatabaseKinds();

describe('SQLite with another process writing to the same file', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    database = await sqlite!.create();
    app = await buildApp(testConfig({ database: database.config, webRoot: '/nonexistent' }));
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('answers every signup 200: its transactions never lose their snapshot to the other commits', async () => {
    if (database.config.kind !== 'sqlite') throw new Error('expected SQLite');
    const writer = otherWriter(database.config.path);
    await once(writer.child.stdout!, 'data');
    const statuses = new Map<number, number>();
    for (let wave = 0; wave < 40; wave++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, n) =>
          app.inject({
            method: 'POST',
            url: '/api/utility/signup',
            remoteAddress: `10.0.${wave}.${n + 1}`,
            payload: { email: `other-writer-${wave}-${n}@example.com`, signupType: 'general' },
          }),
        ),
      );
      for (const { statusCode } of answers) {
        statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
      }
    }
    const commits = await writer.commits();
    expect(Object.fromEntries(statuses)).toEqual({ 200: 2000 });
    // The other process wrote throughout, not only before or after the signups.
    expect(commits).toBeGreaterThan(200);
  });
});
