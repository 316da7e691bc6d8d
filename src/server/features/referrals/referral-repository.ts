import { sql, type Kysely } from 'kysely';
import {
  HOLD_REASONS,
  type HoldReason,
  type ReferralDecision,
  type ReferralRecord,
  type ReferralsQuery,
  type ReferralsResponse,
  type Referrer,
} from '../../../contract/referrals.ts';
import { toDate, type Database } from '../../db/schema.ts';
import { decideReferrals, type ReferralRules } from '../../platform/line/referrals.ts';

function iso(value: Date | string | null): string | undefined {
  return value === null ? undefined : toDate(value).toISOString();
}

function reasonsOf(text: string | null): HoldReason[] {
  if (!text) return [];
  return text
    .split(',')
    .filter((reason): reason is HoldReason => (HOLD_REASONS as readonly string[]).includes(reason));
}

/** Referrals of one status, newest settled (or signed up) first, with both addresses. */
export async function listReferrals(
  db: Kysely<Database>,
  query: ReferralsQuery,
): Promise<ReferralsResponse> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('referrals as r')
      .innerJoin('signups as o', 'o.id', 'r.owner_id')
      .innerJoin('signups as f', 'f.id', 'r.friend_id')
      .select([
        'r.id',
        'r.status',
        'r.reasons',
        'r.created_at',
        'r.settled_at',
        'r.decided_at',
        'r.decided_by',
        'o.id as owner_id',
        'o.email as owner_email',
        'f.id as friend_id',
        'f.email as friend_email',
      ])
      .where('r.status', '=', query.status)
      .orderBy(sql`coalesce(r.decided_at, r.settled_at, r.created_at)`, 'desc')
      .orderBy('r.id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    db
      .selectFrom('referrals')
      .select((eb) => eb.fn.countAll<string | number>().as('count'))
      .where('status', '=', query.status)
      .executeTakeFirst(),
  ]);
  const referrals = rows.map((row): ReferralRecord => ({
    id: row.id,
    owner: { id: row.owner_id, email: row.owner_email },
    friend: { id: row.friend_id, email: row.friend_email },
    status: row.status,
    reasons: reasonsOf(row.reasons),
    createdAt: toDate(row.created_at).toISOString(),
    settledAt: iso(row.settled_at),
    decidedAt: iso(row.decided_at),
    decidedBy: row.decided_by ?? undefined,
  }));
  return {
    referrals,
    pagination: { total: Number(total?.count ?? 0), limit: query.limit, offset: query.offset },
  };
}

/** Credits or rejects held referrals in one transaction (audited, with webhook events). */
export async function decide(
  db: Kysely<Database>,
  ids: readonly string[],
  decision: ReferralDecision,
  actor: string,
  rules: ReferralRules,
  now = new Date(),
): Promise<{ decided: string[]; skipped: string[] }> {
  const unique = [...new Set(ids)];
  const decided = await db
    .transaction()
    .execute((trx) => decideReferrals(trx, unique, decision, actor, now, rules));
  const done = new Set(decided);
  return { decided, skipped: unique.filter((id) => !done.has(id)) };
}

/**
 * The referrers with the most credited referrals (then the most referrals of any kind), with
 * their pending, held and rejected counts; flagged when any was held or rejected.
 */
export async function leaderboard(db: Kysely<Database>, limit: number): Promise<Referrer[]> {
  const counted = (status: string) =>
    sql<string | number>`sum(case when r.status = ${status} then 1 else 0 end)`;
  const rows = await db
    .selectFrom('referrals as r')
    .innerJoin('signups as o', 'o.id', 'r.owner_id')
    .select([
      'o.id',
      'o.email',
      counted('credited').as('credited'),
      counted('pending').as('pending'),
      counted('held').as('held'),
      counted('rejected').as('rejected'),
      sql<string | number>`count(*)`.as('total'),
    ])
    .groupBy(['o.id', 'o.email'])
    .orderBy('credited', 'desc')
    .orderBy('total', 'desc')
    .orderBy('o.email', 'asc')
    .limit(limit)
    .execute();
  return rows.map((row) => {
    const held = Number(row.held);
    const rejected = Number(row.rejected);
    return {
      id: row.id,
      email: row.email,
      credited: Number(row.credited),
      pending: Number(row.pending),
      held,
      rejected,
      flagged: held + rejected > 0,
    };
  });
}
