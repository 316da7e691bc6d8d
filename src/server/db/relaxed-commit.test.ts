import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../test/databases.ts';
import { migratedTestDatabase, type MigratedTestDatabase } from '../test/migrated-database.ts';
import type { DatabaseHandle } from './database.ts';
import { relaxedCommit } from './relaxed-commit.ts';

const kinds = await testDatabaseKinds();

/** The durability every other commit gets: FULL on SQLite (2), on on PostgreSQL. */
async function durability(handle: DatabaseHandle): Promise<string> {
  if (handle.dialect === 'sqlite') {
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(handle.db);
    return String(rows[0]!.synchronous);
  }
  const { rows } = await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(
    handle.db,
  );
  return rows[0]!.synchronous_commit;
}

describe.each(kinds)('a commit that does not wait for the disk, on $name', (kind) => {
  let migrated: MigratedTestDatabase;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    migrated = await migratedTestDatabase(kind);
    handle = migrated.handle;
  });
  afterAll(() => migrated.close());

  const full = () => (kind.name === 'sqlite' ? '2' : 'on');
  const relaxed = () => (kind.name === 'sqlite' ? '1' : 'off');
  const insert = (db: typeof handle.db, email: string) =>
    db
      .insertInto('whitelist')
      .values({ email, added_at: new Date().toISOString(), added_by: 'test' })
      .execute();
  const listed = async () =>
    (await handle.db.selectFrom('whitelist').select('email').execute()).map((row) => row.email);

  it('is relaxed inside its own transaction only, and every commit after it is full again', async () => {
    const seen: string[] = [];
    await relaxedCommit(handle.db, async (trx) => {
      await insert(trx, 'relaxed-1@example.com');
      if (kind.name === 'postgres') {
        const { rows } = await sql<{
          s: string;
        }>`select current_setting('synchronous_commit') as s`.execute(trx);
        seen.push(rows[0]!.s);
      } else {
        const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(trx);
        seen.push(String(rows[0]!.synchronous));
      }
    });
    expect(seen).toEqual([relaxed()]);
    // PostgreSQL hands out any pooled connection: ask every one of them.
    const after = await Promise.all(Array.from({ length: 12 }, () => durability(handle)));
    expect(new Set(after)).toEqual(new Set([full()]));
    expect(await listed()).toContain('relaxed-1@example.com');
  });

  it('rolls back what fails and still leaves full durability behind', async () => {
    await expect(
      relaxedCommit(handle.db, async (trx) => {
        await insert(trx, 'relaxed-2@example.com');
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await durability(handle)).toBe(full());
    expect(await listed()).not.toContain('relaxed-2@example.com');
  });
});
