import { sql, type Kysely, type Transaction } from 'kysely';
import { toDate, type Database } from '../../db/schema.ts';

/**
 * An honest estimate of when a waiting person gets in (decision 0040): the pace of the recent
 * invite waves (people invited per day), and the days it takes at that pace to reach the
 * person's place, said as a range rather than a date. Before the first wave there is no pace,
 * and the page says so; waves long past say nothing about tomorrow either.
 */

type Executor = Kysely<Database> | Transaction<Database>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** The waves the pace is read from: the latest few, within this many days. */
export const PACE_WAVES = 5;
export const PACE_DAYS = 90;
/** A pace over a shorter time would promise a wave a day from one wave yesterday. */
export const PACE_MIN_SPAN_DAYS = 7;

export type Pace =
  /** No wave has invited anyone yet. */
  | { kind: 'none' }
  /** Waves invited people, but none within PACE_DAYS: there is no pace to tell. */
  | { kind: 'stalled' }
  | { kind: 'pace'; perDay: number; waves: number };

/**
 * People invited per day over the latest waves that invited someone (the next N, a selection;
 * reminders invite nobody new): everyone they invited, over the time from the first of them to
 * now (at least a week).
 */
export async function invitePace(db: Executor, now = new Date()): Promise<Pace> {
  const since = new Date(now.getTime() - PACE_DAYS * DAY_MS).toISOString();
  const recent = await db
    .selectFrom('invite_waves as w')
    .innerJoin('wave_members as m', 'm.wave_id', 'w.id')
    .select(['w.id', 'w.created_at', sql<string | number>`count(*)`.as('people')])
    .where('w.kind', '!=', 'reminder')
    .where('w.created_at', '>=', since)
    .groupBy(['w.id', 'w.created_at'])
    .orderBy('w.created_at', 'desc')
    .limit(PACE_WAVES)
    .execute();
  if (recent.length === 0) {
    const any = await db
      .selectFrom('invite_waves as w')
      .innerJoin('wave_members as m', 'm.wave_id', 'w.id')
      .select('w.id')
      .where('w.kind', '!=', 'reminder')
      .limit(1)
      .executeTakeFirst();
    return any ? { kind: 'stalled' } : { kind: 'none' };
  }
  const people = recent.reduce((sum, wave) => sum + Number(wave.people), 0);
  const first = Math.min(...recent.map((wave) => toDate(wave.created_at).getTime()));
  const spanDays = Math.max(PACE_MIN_SPAN_DAYS, (now.getTime() - first) / DAY_MS);
  return { kind: 'pace', perDay: people / spanDays, waves: recent.length };
}

export type Estimate =
  | { kind: 'not-started' }
  | { kind: 'stalled' }
  /** About `low` to `high` days at the recent pace. */
  | { kind: 'range'; low: number; high: number };

/**
 * The days to reach `place` at `pace`, as a range: waves come in steps and their size changes,
 * so the range runs from a little faster to half again slower than the pace says.
 */
export function estimateFor(place: number, pace: Pace): Estimate {
  if (pace.kind === 'none') return { kind: 'not-started' };
  if (pace.kind === 'stalled' || pace.perDay <= 0) return { kind: 'stalled' };
  const days = place / pace.perDay;
  return { kind: 'range', low: days * 0.75, high: days * 1.5 };
}

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

function span(low: number, high: number, unit: string): string {
  const a = Math.max(1, Math.round(low));
  const b = Math.max(a, Math.round(high));
  return a === b ? `about ${plural(a, unit)}` : `about ${a}-${b} ${unit}s`;
}

/** The range in words: days, weeks or months, whichever reads naturally. */
export function rangeInWords(low: number, high: number): string {
  if (high < 2) return 'within a day or two';
  if (high <= 14) return span(low, high, 'day');
  if (high <= 70) return span(low / 7, high / 7, 'week');
  if (high <= 540) return span(low / 30, high / 30, 'month');
  return 'more than a year';
}

/** The estimate as the person's page says it. */
export function estimateInWords(estimate: Estimate): string {
  switch (estimate.kind) {
    case 'not-started':
      return 'We have not started inviting yet.';
    case 'stalled':
      return 'We have not invited anyone for a while, so we cannot tell yet.';
    case 'range':
      return `At the pace of the last waves, ${rangeInWords(estimate.low, estimate.high)}.`;
  }
}
