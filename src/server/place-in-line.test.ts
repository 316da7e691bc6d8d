import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './db/database.ts';
import type { Database } from './db/schema.ts';
import { LINE_BUCKET_SIZE } from './db/migrations/0021-place-in-line.ts';
import { confirmSignup } from './features/waitlist/confirmation-repository.ts';
import { insertSignups } from './features/waitlist/signup-repository.ts';
import {
  addManyToWhitelist,
  removeManyFromWhitelist,
} from './features/access/whitelist-repository.ts';
import { testDatabaseKinds } from './test/databases.ts';
import { migratedTestDatabase, type MigratedTestDatabase } from './test/migrated-database.ts';
import {
  boostFor,
  foldLineBuckets,
  placeInLine,
  setBoost,
  waitingCount,
} from './platform/line/line.ts';

const kinds = await testDatabaseKinds();

/** The line as a list, read the slow way: every waiting row, sorted. */
async function lineByHand(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('signups')
    .select(['id', 'line_key', 'ticket'])
    .where('line_key', 'is not', null)
    .execute();
  return rows
    .map((row) => ({ id: row.id, key: Number(row.line_key), ticket: Number(row.ticket) }))
    .sort((a, b) => a.key - b.key || b.ticket - a.ticket)
    .map((row) => row.id);
}

async function expectPlacesMatch(db: Kysely<Database>) {
  const line = await lineByHand(db);
  expect(await waitingCount(db)).toBe(line.length);
  for (const [index, id] of line.entries()) {
    expect(await placeInLine(db, id)).toEqual({ place: index + 1, waiting: line.length });
  }
}

async function ids(db: Kysely<Database>): Promise<{ id: string; email: string }[]> {
  return db.selectFrom('signups').select(['id', 'email']).orderBy('ticket').execute();
}

describe.each(kinds)('the line on $name', (kind) => {
  let migrated: MigratedTestDatabase;
  let handle: DatabaseHandle;
  let db: Kysely<Database>;

  beforeAll(async () => {
    migrated = await migratedTestDatabase(kind);
    handle = migrated.handle;
    db = handle.db;
  });
  afterAll(() => migrated.close());

  it('numbers signups in the order they came and lets confirmed ones wait, in that order', async () => {
    const at = new Date('2026-05-01T10:00:00Z');
    for (let batch = 0; batch < 3; batch += 1) {
      const signups = Array.from({ length: 4 }, (_, i) => ({
        email: `order-${batch}-${i}@example.com`,
        program: 'CLOSED_ALPHA',
        source: 'general',
      }));
      await insertSignups(db, signups, new Date(at.getTime() + batch), 'mail');
    }
    const rows = await db
      .selectFrom('signups')
      .select(['email', 'ticket', 'line_key'])
      .orderBy('ticket')
      .execute();
    expect(rows.map((row) => Number(row.ticket))).toEqual(rows.map((_, i) => i + 1));
    expect(rows.every((row) => row.line_key === null)).toBe(true);
    // A repeat keeps its ticket.
    await insertSignups(db, [{ email: rows[0]!.email, program: 'CLOSED_ALPHA', source: 'x' }]);
    const again = await db
      .selectFrom('signups')
      .select('ticket')
      .where('email', '=', rows[0]!.email)
      .executeTakeFirstOrThrow();
    expect(Number(again.ticket)).toBe(1);

    const all = await ids(db);
    for (const { id } of all.slice().reverse()) await confirmSignup(db, id);
    expect(await lineByHand(db)).toEqual(all.map((row) => row.id));
    await expectPlacesMatch(db);
    expect(await placeInLine(db, all[5]!.id)).toEqual({ place: 6, waiting: 12 });
  });

  it('takes whitelisted people out of the line and puts them back at their place', async () => {
    const all = await ids(db);
    const out = [all[0]!.email, all[3]!.email];
    await db.transaction().execute((trx) => addManyToWhitelist(trx, out, 'admin@test'));
    expect(await placeInLine(db, all[0]!.id)).toBeUndefined();
    expect(await placeInLine(db, all[1]!.id)).toEqual({ place: 1, waiting: 10 });
    await expectPlacesMatch(db);
    await db.transaction().execute((trx) => removeManyFromWhitelist(trx, out, 'admin@test'));
    expect(await placeInLine(db, all[0]!.id)).toEqual({ place: 1, waiting: 12 });
    await expectPlacesMatch(db);
  });

  it('moves a person forward by their boost, across buckets, and folds to the same places', async () => {
    const all = await ids(db);
    await setBoost(db, all[11]!.id, boostFor(1, 10, 5));
    expect(await placeInLine(db, all[11]!.id)).toEqual({ place: 2, waiting: 12 });
    await setBoost(db, all[11]!.id, boostFor(99, 10, 5));
    expect(await placeInLine(db, all[11]!.id)).toEqual({ place: 1, waiting: 12 });
    await expectPlacesMatch(db);

    // Many more people, some moved forward by more than a bucket's width.
    const more = Array.from({ length: 2 * LINE_BUCKET_SIZE + 50 }, (_, i) => ({
      email: `many-${i}@example.com`,
      program: 'CLOSED_ALPHA',
      source: 'general',
    }));
    for (let start = 0; start < more.length; start += 500) {
      await insertSignups(db, more.slice(start, start + 500), new Date(), 'at-once');
    }
    const everyone = await ids(db);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            who: fc.nat({ max: everyone.length - 1 }),
            credits: fc.nat({ max: 400 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        async (changes) => {
          for (const { who, credits } of changes) {
            await setBoost(db, everyone[who]!.id, boostFor(credits, 10, 300));
          }
          const line = await lineByHand(db);
          for (const index of [0, 1, line.length >> 1, line.length - 2, line.length - 1]) {
            expect(await placeInLine(db, line[index]!)).toEqual({
              place: index + 1,
              waiting: line.length,
            });
          }
          for (const { who } of changes) {
            const place = await placeInLine(db, everyone[who]!.id);
            expect(place?.place).toBe(line.indexOf(everyone[who]!.id) + 1);
          }
        },
      ),
      { numRuns: 8 },
    );
    expect(await foldLineBuckets(db)).toBeGreaterThanOrEqual(kind.name === 'postgres' ? 1 : 0);
    const line = await lineByHand(db);
    expect(await waitingCount(db)).toBe(line.length);
    expect(await placeInLine(db, line[LINE_BUCKET_SIZE + 7]!)).toEqual({
      place: LINE_BUCKET_SIZE + 8,
      waiting: line.length,
    });
  });

  it('forgets an erased person, and their bucket count with them', async () => {
    const line = await lineByHand(db);
    await db.deleteFrom('signups').where('id', '=', line[0]!).execute();
    expect(await waitingCount(db)).toBe(line.length - 1);
    expect(await placeInLine(db, line[1]!)).toEqual({ place: 1, waiting: line.length - 1 });
  });
});
