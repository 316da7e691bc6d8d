import { randomInt } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { isPostgres } from '../../db/column-types.ts';
import { toDate, type Database, type ReferralStatus } from '../../db/schema.ts';
import { uuidV7 } from '../../lib/uuid-v7.ts';
import { addressShape, canonicalAddress } from '../addresses/canonical-address.ts';
import { recordAudits } from '../audit/audit-repository.ts';
import { emitWebhookEvents, type WebhookEvent } from '../events/domain-events.ts';
import { boostFor, setBoost } from './line.ts';

/**
 * Referrals (decision 0040). A person's link carries a random code; a new signup that arrives
 * with it is recorded as a pending referral of the code's owner, and when that friend confirms
 * their address the referral is settled: credited (the owner moves forward) or, when it looks
 * like the owner referring themselves or a made-up crowd, held for an admin, who credits or
 * rejects it. Nothing is blocked and nothing is held silently: the owner's page counts what
 * waits for review. The owner only ever sees counts, never a friend's address.
 */

type Executor = Kysely<Database> | Transaction<Database>;

export interface ReferralRules {
  /** Places a credited referral moves its owner forward. */
  places: number;
  /** Credited referrals that count at most. */
  cap: number;
}

/** The settings' defaults (REFERRAL_PLACES, REFERRAL_CAP), for callers without a config. */
export const DEFAULT_REFERRAL_RULES: ReferralRules = { places: 10, cap: 10 };

/** Why a referral is held for an admin. */
export type HoldReason = 'same-person' | 'same-network' | 'burst' | 'similar';

/** More settled referrals than this for one owner within BURST_MINUTES are a burst. */
export const BURST_LIMIT = 3;
export const BURST_MINUTES = 10;
/** Two earlier referrals of one owner with a friend's address shape make a third one similar. */
export const SIMILAR_LIMIT = 2;
export const SIMILAR_DAYS = 7;
/** A network seen for a person counts this long for the same-network check. */
export const NETWORK_DAYS = 30;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Letters and digits that cannot be mistaken for one another when read aloud or typed. */
const CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const REFERRAL_CODE_LENGTH = 10;
/** A referral code as it may arrive: anything else is no code at all. */
export const REFERRAL_CODE_PATTERN = new RegExp(`^[${CODE_ALPHABET}]{${REFERRAL_CODE_LENGTH}}$`);

/** A new random code: 31^10 (about 2^50) of them, nothing in it about its owner. */
export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomInt(31)];
  return code;
}

/** The person's referral code, made the first time it is asked for. */
export async function referralCodeFor(
  db: Kysely<Database>,
  id: string,
): Promise<string | undefined> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const row = await db
      .selectFrom('signups')
      .select('referral_code')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    if (row.referral_code) return row.referral_code;
    try {
      await db
        .updateTable('signups')
        .set({ referral_code: newReferralCode() })
        .where('id', '=', id)
        .where('referral_code', 'is', null)
        .execute();
    } catch {
      // Another person drew the same code (about one in 2^50): draw again.
    }
  }
  throw new Error('could not give a referral code');
}

/** The people whose codes these are, by code. */
export async function ownersOfCodes(
  db: Executor,
  codes: readonly string[],
): Promise<Map<string, { id: string; email: string }>> {
  const valid = [...new Set(codes.filter((code) => REFERRAL_CODE_PATTERN.test(code)))];
  if (valid.length === 0) return new Map();
  const rows = await db
    .selectFrom('signups')
    .select(['id', 'email', 'referral_code'])
    .where('referral_code', 'in', valid)
    .execute();
  return new Map(rows.map((row) => [row.referral_code!, { id: row.id, email: row.email }]));
}

/** New signups that came with a link, each with the owner of its code. */
export interface ReferredSignup {
  friendId: string;
  friendEmail: string;
  code: string;
  /** The keyed network the signup came from (network-key.ts), if known. */
  network?: string;
}

/**
 * Records a pending referral for each new signup whose code belongs to someone else, in the
 * signup's transaction, and the network the friend signed up from. A code of nobody, or one's
 * own, is ignored: the signup is answered the same either way.
 */
export async function recordReferrals(
  trx: Executor,
  signups: readonly ReferredSignup[],
  now: Date,
): Promise<void> {
  if (signups.length === 0) return;
  const owners = await ownersOfCodes(
    trx,
    signups.map((signup) => signup.code),
  );
  const rows = signups.flatMap((signup) => {
    const owner = owners.get(signup.code);
    if (!owner || owner.id === signup.friendId) return [];
    return [
      {
        id: uuidV7(now.getTime()),
        owner_id: owner.id,
        friend_id: signup.friendId,
        status: 'pending' as const,
        reasons: null,
        created_at: now.toISOString(),
        settled_at: null,
        decided_at: null,
        decided_by: null,
      },
    ];
  });
  if (rows.length === 0) return;
  await trx
    .insertInto('referrals')
    .values(rows)
    .onConflict((conflict) => conflict.column('friend_id').doNothing())
    .execute();
  for (const signup of signups) {
    if (signup.network === undefined) continue;
    await noteNetwork(trx, signup.friendId, signup.network, now);
  }
}

/** Remembers the network a person was last seen from (a confirmation, their page, a signup). */
export async function noteNetwork(
  db: Executor,
  id: string,
  network: string | undefined,
  now: Date,
): Promise<void> {
  if (network === undefined) return;
  await db
    .updateTable('signups')
    .set({ network, network_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

function referralEvent(
  type: 'referral.credited' | 'referral.flagged',
  referral: { id: string; owner: { id: string; email: string }; friendId: string },
  at: Date,
  extra: Record<string, unknown>,
): WebhookEvent {
  return {
    type,
    subject: referral.owner.email,
    at,
    data: {
      id: referral.id,
      ownerId: referral.owner.id,
      ownerEmail: referral.owner.email,
      friendId: referral.friendId,
      at: at.toISOString(),
      ...extra,
    },
  };
}

/** Sets the owner's boost from their credited referrals, capped. */
async function reboost(trx: Executor, ownerId: string, rules: ReferralRules): Promise<void> {
  const row = await trx
    .selectFrom('referrals')
    .select((eb) => eb.fn.countAll<string | number>().as('credited'))
    .where('owner_id', '=', ownerId)
    .where('status', '=', 'credited')
    .executeTakeFirst();
  await setBoost(trx, ownerId, boostFor(Number(row?.credited ?? 0), rules.places, rules.cap));
}

/** Why the friend's referral should wait for an admin, if it should. */
async function holdReasons(
  trx: Executor,
  referral: { id: string; ownerId: string },
  owner: { email: string; network: string | null; network_at: Date | null },
  friend: { email: string; network: string | null },
  now: Date,
): Promise<HoldReason[]> {
  const reasons: HoldReason[] = [];
  if (canonicalAddress(owner.email) === canonicalAddress(friend.email)) reasons.push('same-person');
  if (
    friend.network !== null &&
    owner.network === friend.network &&
    owner.network_at !== null &&
    now.getTime() - owner.network_at.getTime() <= NETWORK_DAYS * DAY_MS
  ) {
    reasons.push('same-network');
  }
  const recent = await trx
    .selectFrom('referrals as r')
    .innerJoin('signups as f', 'f.id', 'r.friend_id')
    .select(['r.settled_at', 'f.email'])
    .where('r.owner_id', '=', referral.ownerId)
    .where('r.id', '<>', referral.id)
    .where('r.settled_at', '>=', new Date(now.getTime() - SIMILAR_DAYS * DAY_MS).toISOString())
    .execute();
  const burstSince = now.getTime() - BURST_MINUTES * MINUTE_MS;
  const inBurst = recent.filter(
    (row) => row.settled_at !== null && toDate(row.settled_at).getTime() >= burstSince,
  ).length;
  if (inBurst >= BURST_LIMIT) reasons.push('burst');
  const shape = addressShape(friend.email);
  if (
    shape !== undefined &&
    recent.filter((row) => addressShape(row.email) === shape).length >= SIMILAR_LIMIT
  ) {
    reasons.push('similar');
  }
  return reasons;
}

export type Settlement = { status: 'credited' | 'held'; reasons: HoldReason[] } | undefined;

/**
 * Settles the friend's pending referral when they confirm, in the confirmation's transaction:
 * credited (the owner's boost grows, `referral.credited`) or held for an admin with its reasons
 * (`referral.flagged`). Nothing when the friend came without a link or was settled before.
 */
export async function settleReferral(
  trx: Executor,
  friendId: string,
  now: Date,
  rules: ReferralRules,
): Promise<Settlement> {
  const referral = await trx
    .selectFrom('referrals as r')
    .innerJoin('signups as o', 'o.id', 'r.owner_id')
    .innerJoin('signups as f', 'f.id', 'r.friend_id')
    .select([
      'r.id',
      'r.owner_id',
      'o.email as owner_email',
      'o.network as owner_network',
      'o.network_at as owner_network_at',
      'f.email as friend_email',
      'f.network as friend_network',
    ])
    .where('r.friend_id', '=', friendId)
    .where('r.status', '=', 'pending')
    .$if(isPostgres(trx), (query) => query.forUpdate('o'))
    .executeTakeFirst();
  if (!referral) return undefined;
  const reasons = await holdReasons(
    trx,
    { id: referral.id, ownerId: referral.owner_id },
    {
      email: referral.owner_email,
      network: referral.owner_network,
      network_at: referral.owner_network_at === null ? null : toDate(referral.owner_network_at),
    },
    { email: referral.friend_email, network: referral.friend_network },
    now,
  );
  const status: ReferralStatus = reasons.length > 0 ? 'held' : 'credited';
  await trx
    .updateTable('referrals')
    .set({
      status,
      reasons: reasons.length > 0 ? reasons.join(',') : null,
      settled_at: now.toISOString(),
    })
    .where('id', '=', referral.id)
    .execute();
  const about = {
    id: referral.id,
    owner: { id: referral.owner_id, email: referral.owner_email },
    friendId,
  };
  if (status === 'credited') {
    await reboost(trx, referral.owner_id, rules);
    await emitWebhookEvents(trx, [referralEvent('referral.credited', about, now, {})]);
  } else {
    await emitWebhookEvents(trx, [referralEvent('referral.flagged', about, now, { reasons })]);
  }
  return { status, reasons };
}

export type Decision = 'credit' | 'reject';

/**
 * An admin's decision on held referrals: credited (the owner moves forward, `referral.credited`)
 * or rejected; each audited as `referral.credit` or `referral.reject` with the owner's address.
 * Referrals that are not held (decided meanwhile, gone) are left as they are. Returns the ids
 * decided now.
 */
export async function decideReferrals(
  trx: Transaction<Database>,
  ids: readonly string[],
  decision: Decision,
  actor: string,
  now: Date,
  rules: ReferralRules,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const held = await trx
    .selectFrom('referrals as r')
    .innerJoin('signups as o', 'o.id', 'r.owner_id')
    .select(['r.id', 'r.owner_id', 'r.friend_id', 'o.email as owner_email'])
    .where('r.id', 'in', ids)
    .where('r.status', '=', 'held')
    .$if(isPostgres(trx), (query) => query.forUpdate('r'))
    .execute();
  if (held.length === 0) return [];
  await trx
    .updateTable('referrals')
    .set({
      status: decision === 'credit' ? 'credited' : 'rejected',
      decided_at: now.toISOString(),
      decided_by: actor,
    })
    .where(
      'id',
      'in',
      held.map((row) => row.id),
    )
    .where('status', '=', 'held')
    .execute();
  if (decision === 'credit') {
    for (const ownerId of new Set(held.map((row) => row.owner_id))) {
      await reboost(trx, ownerId, rules);
    }
    await emitWebhookEvents(
      trx,
      held.map((row) =>
        referralEvent(
          'referral.credited',
          {
            id: row.id,
            owner: { id: row.owner_id, email: row.owner_email },
            friendId: row.friend_id,
          },
          now,
          { decidedBy: actor },
        ),
      ),
    );
  }
  await recordAudits(
    trx,
    held.map((row) => ({
      at: now,
      actor,
      action: decision === 'credit' ? 'referral.credit' : 'referral.reject',
      target: row.owner_email,
    })),
  );
  return held.map((row) => row.id);
}

export interface ReferralCounts {
  /** Friends who signed up with the link and have not confirmed yet. */
  pending: number;
  credited: number;
  /** Waiting for an admin's review. */
  held: number;
  rejected: number;
}

/** What a person's link brought, as counts only. */
export async function referralCounts(db: Executor, ownerId: string): Promise<ReferralCounts> {
  const rows = await db
    .selectFrom('referrals')
    .select(['status', sql<string | number>`count(*)`.as('count')])
    .where('owner_id', '=', ownerId)
    .groupBy('status')
    .execute();
  const counts: ReferralCounts = { pending: 0, credited: 0, held: 0, rejected: 0 };
  for (const row of rows) counts[row.status] = Number(row.count);
  return counts;
}
