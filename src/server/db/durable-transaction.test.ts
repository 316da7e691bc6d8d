import { open } from 'node:fs/promises';
import { sql } from 'kysely';
import SQLite from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDatabaseKinds, type TestDatabase } from '../test/databases.ts';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { migrateToLatest } from './migrate.ts';

const kinds = await testDatabaseKinds();

/** FileHandle's prototype, whose `datasync` syncs the SQLite log. */
const fileHandlePrototype = await (async () => {
  const handle = await open(import.meta.filename, 'r');
  await handle.close();
  return Object.getPrototypeOf(handle) as { datasync(): Promise<void> };
})();

describe.each(kinds)('a durable transaction on $name', (kind) => {
  let database: TestDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await kind.create();
    handle = openDatabase(database.config);
    await migrateToLatest(
      handle.db,
      database.config.kind === 'postgres' ? database.config.schema : undefined,
    );
  });
  afterAll(async () => {
    await handle.close();
    await database.drop();
  });
  afterEach(() => vi.restoreAllMocks());

  const add = (email: string) =>
    handle.durableTransaction((trx) =>
      trx
        .insertInto('whitelist')
        .values({ email, added_at: new Date().toISOString(), added_by: 'test' })
        .execute(),
    );

  it('resolves once the commit is on the disk; every later commit waits for the disk again', async () => {
    const synced: string[][] = [];
    const datasync = Object.getOwnPropertyDescriptor(fileHandlePrototype, 'datasync')!.value as (
      this: unknown,
    ) => Promise<void>;
    vi.spyOn(fileHandlePrototype, 'datasync').mockImplementation(async function (this: unknown) {
      // What a reader sees when the log is synced: the commit is written before it is synced.
      if (database.config.kind === 'sqlite') {
        const reader = new SQLite(database.config.path, { readonly: true });
        synced.push(
          (reader.prepare('select email from whitelist').all() as { email: string }[]).map(
            (row) => row.email,
          ),
        );
        reader.close();
      }
      return datasync.call(this);
    });
    await add('durable-1@example.com');
    await add('durable-2@example.com');
    if (kind.name === 'sqlite') {
      // One sync of the log after each commit, the commit already in it.
      expect(synced).toEqual([
        ['durable-1@example.com'],
        ['durable-1@example.com', 'durable-2@example.com'],
      ]);
      const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(handle.db);
      expect(rows[0]!.synchronous).toBe(2);
    } else {
      expect(synced).toEqual([]);
    }
    const listed = await handle.db.selectFrom('whitelist').select('email').execute();
    expect(listed.map((row) => row.email)).toEqual(
      expect.arrayContaining(['durable-1@example.com', 'durable-2@example.com']),
    );
  });

  it('rolls back what fails, syncs nothing for it, and leaves full durability behind', async () => {
    const spy = vi.spyOn(fileHandlePrototype, 'datasync');
    await expect(
      handle.durableTransaction(async (trx) => {
        await trx
          .insertInto('whitelist')
          .values({
            email: 'failed@example.com',
            added_at: new Date().toISOString(),
            added_by: 'test',
          })
          .execute();
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(spy).not.toHaveBeenCalled();
    const listed = await handle.db.selectFrom('whitelist').select('email').execute();
    expect(listed.map((row) => row.email)).not.toContain('failed@example.com');
    if (kind.name === 'sqlite') {
      const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(handle.db);
      expect(rows[0]!.synchronous).toBe(2);
    }
  });
});
