import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './db/database.ts';
import type { Database } from './db/schema.ts';
import { confirmSignup } from './features/waitlist/confirmation-repository.ts';
import { insertSignups } from './features/waitlist/signup-repository.ts';
import { networkKey } from './platform/addresses/network-key.ts';
import { placeInLine } from './platform/line/line.ts';
import {
  BURST_LIMIT,
  decideReferrals,
  referralCodeFor,
  referralCounts,
  REFERRAL_CODE_PATTERN,
  type ReferralRules,
} from './platform/line/referrals.ts';
import { testDatabaseKinds } from './test/databases.ts';
import { migratedTestDatabase, type MigratedTestDatabase } from './test/migrated-database.ts';

const kinds = await testDatabaseKinds();
const RULES: ReferralRules = { places: 10, cap: 3 };
const SECRET = 'referral-test-secret';
const MINUTE = 60_000;

describe.each(kinds)('referrals on $name', (kind) => {
  let migrated: MigratedTestDatabase;
  let handle: DatabaseHandle;
  let db: Kysely<Database>;
  let clock = new Date('2026-06-01T09:00:00Z').getTime();
  /** Each step a quarter of an hour later than the last: no burst unless a test makes one. */
  const later = (ms = 15 * MINUTE) => new Date((clock += ms));

  async function signUp(email: string, ref?: string, ip?: string) {
    const network = ip === undefined ? undefined : networkKey(SECRET, ip);
    const [outcome] = await insertSignups(
      db,
      [
        {
          email,
          program: 'CLOSED_ALPHA',
          source: 'general',
          ...(ref ? { ref } : {}),
          ...(network ? { network } : {}),
        },
      ],
      later(),
      'mail',
      RULES,
    );
    expect(outcome?.ok).toBe(true);
    return (
      await db
        .selectFrom('signups')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow()
    ).id;
  }

  async function confirm(id: string, ip: string, at = later()) {
    await confirmSignup(db, id, at, { network: networkKey(SECRET, ip), rules: RULES });
  }

  async function referral(friendId: string) {
    return db
      .selectFrom('referrals')
      .selectAll()
      .where('friend_id', '=', friendId)
      .executeTakeFirst();
  }

  /** Someone with a code, confirmed from `ip`, behind `ahead` confirmed people. */
  async function owner(email: string, ip: string) {
    const id = await signUp(email);
    await confirm(id, ip);
    const code = await referralCodeFor(db, id);
    expect(code).toMatch(REFERRAL_CODE_PATTERN);
    return { id, code: code! };
  }

  beforeAll(async () => {
    migrated = await migratedTestDatabase(kind);
    handle = migrated.handle;
    db = handle.db;
    // Twenty people already waiting ahead of everyone below.
    for (let i = 0; i < 20; i += 1)
      await confirm(await signUp(`ahead-${i}@example.com`), '192.0.2.1');
  }, 30_000);
  afterAll(() => migrated.close());

  it('credits a friend who confirms, moving the owner forward by the set places', async () => {
    const ann = await owner('ann@example.com', '203.0.113.5');
    expect(await placeInLine(db, ann.id)).toEqual({ place: 21, waiting: 21 });
    const friend = await signUp('bob@example.org', ann.code, '198.51.100.7');
    expect((await referral(friend))?.status).toBe('pending');
    expect(await referralCounts(db, ann.id)).toEqual({
      pending: 1,
      credited: 0,
      held: 0,
      rejected: 0,
    });
    await confirm(friend, '198.51.100.7');
    expect((await referral(friend))?.status).toBe('credited');
    expect(await referralCounts(db, ann.id)).toMatchObject({ pending: 0, credited: 1 });
    // 21st, moved 10 places forward: 11th of 22 (the friend waits behind everyone).
    expect(await placeInLine(db, ann.id)).toEqual({ place: 11, waiting: 22 });
    expect(await placeInLine(db, friend)).toEqual({ place: 22, waiting: 22 });
  });

  it('ignores a code of nobody and one’s own, and counts a known address like a new one', async () => {
    const ann = await owner('ann2@example.com', '203.0.113.6');
    const stranger = await signUp('stranger@example.org', 'zzzzzzzzzz', '198.51.100.8');
    expect(await referral(stranger)).toBeUndefined();
    // One's own code.
    await signUp('ann2@example.com', ann.code, '198.51.100.8');
    expect(await referralCounts(db, ann.id)).toMatchObject({ pending: 0, credited: 0 });
    // A known address coming by the link moves the owner's count as a new one would (the count
    // must not tell who was on the list); already confirmed, it is never credited.
    const known = await signUp('known@example.org');
    await confirm(known, '198.51.100.9');
    await signUp('known@example.org', ann.code, '198.51.100.9');
    await signUp('new-friend@example.org', ann.code, '198.51.100.10');
    expect(await referralCounts(db, ann.id)).toMatchObject({ pending: 2, credited: 0 });
    await confirm(known, '198.51.100.9');
    expect((await referral(known))?.status).toBe('pending');
  });

  it('holds the owner in another spelling, and a friend from the owner’s network, for review', async () => {
    const ann = await owner('ann.lee@gmail.com', '203.0.113.10');
    const self = await signUp('annlee+movies@googlemail.com', ann.code, '198.51.100.20');
    await confirm(self, '198.51.100.20');
    expect(await referral(self)).toMatchObject({ status: 'held', reasons: 'same-person' });
    const office = await signUp('colleague@example.net', ann.code, '203.0.113.77');
    await confirm(office, '203.0.113.77');
    expect(await referral(office)).toMatchObject({ status: 'held', reasons: 'same-network' });
    // IPv6: the same /64 is the same network.
    const v6 = await owner('v6@example.com', '2001:db8:1:2::10');
    const v6friend = await signUp('v6friend@example.com', v6.code, '2001:db8:1:2:ffff::1');
    await confirm(v6friend, '2001:db8:1:2:ffff::1');
    expect(await referral(v6friend)).toMatchObject({ status: 'held', reasons: 'same-network' });
    expect(await referralCounts(db, ann.id)).toMatchObject({ held: 2, credited: 0 });
    const before = await placeInLine(db, ann.id);

    // An admin credits one and rejects the other, each audited.
    const [selfReferral, officeReferral] = [(await referral(self))!, (await referral(office))!];
    await db
      .transaction()
      .execute((trx) =>
        decideReferrals(trx, [selfReferral.id], 'credit', 'admin@test', later(), RULES),
      );
    await db
      .transaction()
      .execute((trx) =>
        decideReferrals(trx, [officeReferral.id], 'reject', 'admin@test', later(), RULES),
      );
    expect(await referralCounts(db, ann.id)).toMatchObject({ held: 0, credited: 1, rejected: 1 });
    // Ten places in the order of signup: people in between who do not wait (not confirmed,
    // invited) are not passed, so at most ten waiting people.
    const after = (await placeInLine(db, ann.id))!.place;
    expect(after).toBeLessThan(before!.place);
    expect(after).toBeGreaterThanOrEqual(before!.place - 10);
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'target'])
      .where('target', '=', 'ann.lee@gmail.com')
      .orderBy('at')
      .execute();
    expect(audit).toEqual([
      { action: 'referral.credit', target: 'ann.lee@gmail.com' },
      { action: 'referral.reject', target: 'ann.lee@gmail.com' },
    ]);
    // Deciding again changes nothing.
    const again = await db
      .transaction()
      .execute((trx) =>
        decideReferrals(trx, [selfReferral.id], 'reject', 'admin@test', later(), RULES),
      );
    expect(again).toEqual([]);
  });

  it('holds a burst of friends confirming within minutes, and a run of similar addresses', async () => {
    const ann = await owner('burst-owner@example.com', '203.0.113.30');
    const friends: string[] = [];
    for (let i = 0; i < BURST_LIMIT + 2; i += 1) {
      friends.push(
        await signUp(`friend${i}-${kind.name}@example.${i}.org`, ann.code, `198.51.${i}.1`),
      );
    }
    for (const [i, friend] of friends.entries())
      await confirm(friend, `198.51.${i}.1`, later(MINUTE));
    const statuses = await Promise.all(
      friends.map(async (friend) => (await referral(friend))!.status),
    );
    expect(statuses).toEqual([...Array<string>(BURST_LIMIT).fill('credited'), 'held', 'held']);
    expect((await referral(friends.at(-1)!))?.reasons).toContain('burst');

    const bea = await owner('similar-owner@example.com', '203.0.113.40');
    const made = ['moviefan1@example.com', 'moviefan2@example.com', 'movie.fan33@example.com'];
    const ids: string[] = [];
    for (const [i, email] of made.entries()) {
      const id = await signUp(email, bea.code, `198.18.${i}.1`);
      await confirm(id, `198.18.${i}.1`);
      ids.push(id);
    }
    expect((await referral(ids[0]!))?.status).toBe('credited');
    expect((await referral(ids[1]!))?.status).toBe('credited');
    expect(await referral(ids[2]!)).toMatchObject({ status: 'held', reasons: 'similar' });
  });

  it('counts at most the cap of credited referrals', async () => {
    const ann = await owner('capped@example.com', '203.0.113.50');
    for (let i = 0; i < RULES.cap + 2; i += 1) {
      const friend = await signUp(`cap-friend-${i}@example${i}.com`, ann.code, `100.${i + 1}.0.1`);
      await confirm(friend, `100.${i + 1}.0.1`);
    }
    expect(await referralCounts(db, ann.id)).toMatchObject({ credited: RULES.cap + 2 });
    const row = await db
      .selectFrom('signups')
      .select('boost')
      .where('id', '=', ann.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.boost)).toBe(RULES.cap * RULES.places);
  });

  it('forgets an erased owner’s code and referrals', async () => {
    const ann = await owner('erased@example.com', '203.0.113.60');
    const friend = await signUp('erased-friend@example.org', ann.code, '198.51.100.60');
    await db.deleteFrom('signups').where('id', '=', ann.id).execute();
    expect(await referral(friend)).toBeUndefined();
    const again = await signUp('late@example.org', ann.code, '198.51.100.61');
    expect(await referral(again)).toBeUndefined();
  });
});
