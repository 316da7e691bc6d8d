import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './db/database.ts';
import type { Database } from './db/schema.ts';
import { insertSignups } from './features/waitlist/signup-repository.ts';
import { testDatabaseKinds } from './test/databases.ts';
import { migratedTestDatabase, type MigratedTestDatabase } from './test/migrated-database.ts';
import { foldLineBuckets, placeWithBoost, setBoost } from './platform/line/line.ts';

const kinds = await testDatabaseKinds();

interface Row {
  id: string;
  key: number;
  ticket: number;
}

/** The place of a spot in the line, the slow way: every waiting row ahead of it. */
function placeByHand(rows: Row[], key: number, ticket: number, self: string): number {
  return (
    1 +
    rows.filter(
      (row) => row.id !== self && (row.key < key || (row.key === key && row.ticket > ticket)),
    ).length
  );
}

describe.each(kinds)('places gained by referrals on $name', (kind) => {
  let migrated: MigratedTestDatabase;
  let handle: DatabaseHandle;
  let db: Kysely<Database>;

  beforeAll(async () => {
    migrated = await migratedTestDatabase(kind);
    handle = migrated.handle;
    db = handle.db;
  });
  afterAll(() => migrated.close());

  it('is the place at the ticket alone minus the place now, across buckets, by bucket counts', async () => {
    const signups = Array.from({ length: 1300 }, (_, i) => ({
      email: `gain-${i}@example.com`,
      program: 'CLOSED_ALPHA',
      source: 'general',
    }));
    await insertSignups(db, signups, new Date('2026-05-01T10:00:00Z'), 'mail');
    // Every other one confirms: people between who never confirmed are not passed.
    await db
      .updateTable('signups')
      .set({ confirmed_at: new Date().toISOString() })
      .where('email', 'not like', '%1@example.com')
      .execute();
    const byTicket = await db
      .selectFrom('signups')
      .select(['id', 'ticket'])
      .orderBy('ticket')
      .execute();
    const boosted = [byTicket[1030]!, byTicket[1100]!, byTicket[20]!, byTicket[1299]!];
    for (const [n, person] of boosted.entries())
      await setBoost(db, person.id, [10, 100, 50, 0][n]!);
    await foldLineBuckets(db);

    const rows = (
      await db
        .selectFrom('signups')
        .select(['id', 'line_key', 'ticket'])
        .where('line_key', 'is not', null)
        .execute()
    ).map((row) => ({ id: row.id, key: Number(row.line_key), ticket: Number(row.ticket) }));
    for (const person of boosted) {
      const me = rows.find((row) => row.id === person.id);
      if (!me) continue; // not confirmed
      const got = await placeWithBoost(db, person.id);
      expect(got).toEqual({
        place: placeByHand(rows, me.key, me.ticket, me.id),
        waiting: rows.length,
        placeWithoutBoost: placeByHand(rows, me.ticket, me.ticket, me.id),
      });
    }
    const moved = await placeWithBoost(db, byTicket[1100]!.id);
    expect(moved!.placeWithoutBoost - moved!.place).toBeGreaterThan(0);
    expect(moved!.placeWithoutBoost - moved!.place).toBeLessThanOrEqual(100);
    const unconfirmed = await db
      .selectFrom('signups')
      .select('id')
      .where('confirmed_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(await placeWithBoost(db, unconfirmed.id)).toBeUndefined();
  });
});
