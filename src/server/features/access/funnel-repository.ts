import { sql, type Kysely } from 'kysely';
import type { FunnelResponse, FunnelStage } from '../../../contract/waves.ts';
import { isPostgres } from '../../db/column-types.ts';
import type { Database } from '../../db/schema.ts';
import { sentInvitation } from '../../platform/mail/outbox-repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function share(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}

/**
 * Signups per UTC day and source over the last `days` days (today included), and the funnel of
 * those signups: confirmed the address, then invited (the early-access invitation was delivered),
 * then registered in the app. Each stage counts those who reached it and every earlier one.
 */
export async function readFunnel(
  db: Kysely<Database>,
  days: number,
  now = new Date(),
): Promise<FunnelResponse> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const start = new Date(today - (days - 1) * DAY_MS);
  const from = start.toISOString();
  // Timestamps are ISO 8601 text on SQLite (UTC, `Z`), timestamptz on PostgreSQL.
  const day = isPostgres(db)
    ? sql<string>`to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD')`
    : sql<string>`substr(s.created_at, 1, 10)`;
  const perDay = await db
    .selectFrom('signups as s')
    .select([day.as('day'), 's.source', sql<number>`count(*)`.as('count')])
    .where('s.created_at', '>=', from)
    .groupBy([day, 's.source'])
    .execute();

  const invited = sql<boolean>`exists (
    select 1 from mail_outbox o
    where o.to_address = s.email and ${sentInvitation('o')}
  )`;
  const registered = sql<boolean>`exists (select 1 from app_users u where u.email = s.email)`;
  const referred = sql<boolean>`exists (select 1 from referrals r where r.friend_id = s.id)`;
  const stageCounts = (origin?: 'referred' | 'organic') =>
    db
      .selectFrom('signups as s')
      .select([
        sql<number>`count(*)`.as('signedUp'),
        sql<number>`count(s.confirmed_at)`.as('confirmed'),
        sql<number>`coalesce(sum(case when s.confirmed_at is not null and ${invited} then 1 else 0 end), 0)`.as(
          'invited',
        ),
        sql<number>`coalesce(sum(case when s.confirmed_at is not null and ${invited} and ${registered} then 1 else 0 end), 0)`.as(
          'registered',
        ),
      ])
      .where('s.created_at', '>=', from)
      .$if(origin === 'referred', (query) => query.where(referred))
      .$if(origin === 'organic', (query) => query.where(sql<boolean>`not ${referred}`))
      .executeTakeFirstOrThrow();
  const [totals, referredTotals] = await Promise.all([stageCounts(), stageCounts('referred')]);
  const asCounts = (row: typeof totals): Record<FunnelStage, number> => ({
    signedUp: Number(row.signedUp),
    confirmed: Number(row.confirmed),
    invited: Number(row.invited),
    registered: Number(row.registered),
  });

  const bySourceTotal = new Map<string, number>();
  const byDay = new Map<string, Record<string, number>>();
  for (const row of perDay) {
    const count = Number(row.count);
    bySourceTotal.set(row.source, (bySourceTotal.get(row.source) ?? 0) + count);
    const entry = byDay.get(row.day) ?? {};
    entry[row.source] = count;
    byDay.set(row.day, entry);
  }
  const sources = [...bySourceTotal.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([source]) => source);

  const dayList: FunnelResponse['days'] = [];
  for (let index = 0; index < days; index += 1) {
    const key = utcDay(new Date(start.getTime() + index * DAY_MS));
    const bySource = byDay.get(key) ?? {};
    const total = Object.values(bySource).reduce((sum, count) => sum + count, 0);
    dayList.push({ day: key, total, bySource });
  }

  const counts = asCounts(totals);
  const referredCounts = asCounts(referredTotals);
  const order: FunnelStage[] = ['signedUp', 'confirmed', 'invited', 'registered'];
  // Organic is the rest: every signup came through a friend's link or did not.
  const organicCounts = Object.fromEntries(
    order.map((stage) => [stage, counts[stage] - referredCounts[stage]]),
  ) as Record<FunnelStage, number>;
  return {
    from: utcDay(start),
    to: utcDay(new Date(today)),
    sources,
    days: dayList,
    stages: order.map((stage, index) => ({
      stage,
      count: counts[stage],
      rate: index === 0 ? null : share(counts[stage], counts[order[index - 1]!]),
      overall: share(counts[stage], counts.signedUp),
    })),
    byOrigin: { referred: referredCounts, organic: organicCounts },
  };
}
