import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import type { Database, ReferralStatus } from '../../db/schema.ts';
import { uuidV7 } from '../../lib/uuid-v7.ts';
import { foldLineBuckets, setBoost } from '../../platform/line/line.ts';
import { addressHash } from '../../platform/mail/suppression.ts';
import { testDatabaseKinds } from '../../test/databases.ts';
import { migratedTestDatabase, type MigratedTestDatabase } from '../../test/migrated-database.ts';
import { erasePersonalData } from './erasure-repository.ts';
import { clearOldNetworks } from './network-retention.ts';
import { collectPersonalData } from './personal-data-repository.ts';

const kinds = await testDatabaseKinds();
const SECRET = 'a secret for the line data tests, long enough to be one';
const DAY_MS = 86_400_000;
const NOW = new Date('2026-07-01T12:00:00Z');

async function addPerson(db: Kysely<Database>, email: string, confirmed = true) {
  const id = uuidV7();
  const at = new Date(NOW.getTime() - 40 * DAY_MS).toISOString();
  await db
    .insertInto('signups')
    .values({
      id,
      email,
      program: 'CLOSED_ALPHA',
      source: 'general',
      created_at: at,
      last_signup_at: at,
      signup_count: 1,
      confirmed_at: confirmed ? at : null,
    })
    .execute();
  return id;
}

async function refer(db: Kysely<Database>, owner: string, friend: string, status: ReferralStatus) {
  await db
    .insertInto('referrals')
    .values({
      id: uuidV7(),
      owner_id: owner,
      friend_id: friend,
      status,
      created_at: NOW.toISOString(),
    })
    .execute();
}

describe.each(kinds)('the place in line and referrals in privacy requests on $name', (kind) => {
  let migrated: MigratedTestDatabase;
  let handle: DatabaseHandle;
  let db: Kysely<Database>;

  beforeAll(async () => {
    migrated = await migratedTestDatabase(kind);
    handle = migrated.handle;
    db = handle.db;
  });
  afterAll(() => migrated.close());

  it('gives a person their place, products, code and referral counts, never a friend’s address', async () => {
    await addPerson(db, 'first@example.com');
    const owner = await addPerson(db, 'owner@example.com');
    const friends = [
      await addPerson(db, 'friend-a@example.com'),
      await addPerson(db, 'friend-b@example.com'),
      await addPerson(db, 'friend-c@example.com', false),
      await addPerson(db, 'friend-d@example.com'),
    ];
    await refer(db, owner, friends[0]!, 'credited');
    await refer(db, owner, friends[1]!, 'credited');
    await refer(db, owner, friends[2]!, 'pending');
    await refer(db, owner, friends[3]!, 'held');
    await setBoost(db, owner, 20);
    await db
      .updateTable('signups')
      .set({
        referral_code: 'abcdefghjk',
        wants: 'ios,chrome',
        network: 'keyed-network-hash',
        network_at: NOW.toISOString(),
        moved_mail_off: 1,
        moved_mail_at: NOW.toISOString(),
      })
      .where('id', '=', owner)
      .execute();
    await foldLineBuckets(db);

    const data = await collectPersonalData(db, 'owner@example.com', NOW);
    expect(data.line).toEqual({
      ticket: 2,
      // Moved 20 places forward from second: ahead of the first person.
      place: 1,
      waiting: 5,
      placesGained: 20,
      wantsFirst: ['ios', 'chrome'],
      referralCode: 'abcdefghjk',
      referrals: { waitingToConfirm: 1, credited: 2, heldForReview: 1, rejected: 0 },
      movedUpMail: false,
      lastMovedUpMailAt: NOW.toISOString(),
      networkSeenAt: NOW.toISOString(),
    });
    const text = JSON.stringify(data);
    expect(text).not.toContain('friend-');
    expect(text).not.toContain('keyed-network-hash');
    // A friend's copy says nothing of the owner.
    const friend = JSON.stringify(await collectPersonalData(db, 'friend-a@example.com', NOW));
    expect(friend).not.toContain('owner@example.com');
    expect(friend).not.toContain('abcdefghjk');
    expect((await collectPersonalData(db, 'first@example.com', NOW)).line?.place).toBe(2);
  });

  it('erasing a person removes their code, their credits and their friends’ referrals to them', async () => {
    const erase = (address: string) =>
      erasePersonalData(db, { address, hash: addressHash(SECRET, address), actor: 'admin@x.io' });
    await erase('owner@example.com');
    expect(
      await db
        .selectFrom('signups')
        .select('id')
        .where('referral_code', '=', 'abcdefghjk')
        .execute(),
    ).toEqual([]);
    expect(await db.selectFrom('referrals').select('id').execute()).toEqual([]);
    // The friends keep their own signups and places.
    const friend = await collectPersonalData(db, 'friend-a@example.com', NOW);
    expect(friend.line).toMatchObject({ place: expect.any(Number), placesGained: 0 });
    await foldLineBuckets(db);
    expect((await collectPersonalData(db, 'first@example.com', NOW)).line?.place).toBe(1);

    // A friend erased takes their referral with them; the owner keeps the places it gave.
    const owner = await addPerson(db, 'second-owner@example.com');
    const friendId = await addPerson(db, 'second-friend@example.com');
    await refer(db, owner, friendId, 'credited');
    await setBoost(db, owner, 10);
    await erase('second-friend@example.com');
    expect(await db.selectFrom('referrals').select('id').execute()).toEqual([]);
    expect((await collectPersonalData(db, 'second-owner@example.com', NOW)).line).toMatchObject({
      placesGained: 10,
      referrals: { waitingToConfirm: 0, credited: 0, heldForReview: 0, rejected: 0 },
    });
  });

  it('clears a network kept for the referral checks after 30 days', async () => {
    const old = await addPerson(db, 'old-network@example.com');
    const recent = await addPerson(db, 'recent-network@example.com');
    const seen = (days: number) => new Date(NOW.getTime() - days * DAY_MS).toISOString();
    await db
      .updateTable('signups')
      .set({ network: 'old', network_at: seen(31) })
      .where('id', '=', old)
      .execute();
    await db
      .updateTable('signups')
      .set({ network: 'recent', network_at: seen(29) })
      .where('id', '=', recent)
      .execute();
    // Small batches: the rounds go on until none is left.
    expect(await clearOldNetworks(db, NOW, 1)).toBe(1);
    const rows = await db
      .selectFrom('signups')
      .select(['email', 'network', 'network_at'])
      .where('email', 'in', ['old-network@example.com', 'recent-network@example.com'])
      .orderBy('email')
      .execute();
    expect(rows.map((row) => [row.email, row.network, row.network_at !== null])).toEqual([
      ['old-network@example.com', null, false],
      ['recent-network@example.com', 'recent', true],
    ]);
    expect(await clearOldNetworks(db, new Date(NOW.getTime() + 2 * DAY_MS))).toBe(1);
  });
});
