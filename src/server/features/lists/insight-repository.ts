import { sql, type Kysely } from 'kysely';
import type { AdminCounts, AuditQuery } from '../../../contract/admin-insights.ts';
import { toDate, type Database } from '../../db/schema.ts';
import { sentInvitation } from '../../platform/mail/outbox-repository.ts';
import { containsPattern, emailMatches } from '../../platform/lists/email-search.ts';
import { countFromTally } from '../../platform/lists/signup-tally.ts';

async function count(query: Promise<{ count: number | string | bigint } | undefined>) {
  return Number((await query)?.count ?? 0);
}

/**
 * The figures above the lists, each one statement (PostgreSQL runs them at once on separate
 * connections); the signups' own from the signup tally. `invited` counts the addresses the
 * invitation left the outbox for.
 */
export async function readCounts(db: Kysely<Database>, now = new Date()): Promise<AdminCounts> {
  const today = now.toISOString().slice(0, 10);
  const [total, confirmed, whitelisted, invited, registered, todays] = await Promise.all([
    countFromTally(db, {}),
    countFromTally(db, { confirmation: 'confirmed' }),
    count(
      db
        .selectFrom('whitelist')
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom('mail_outbox')
        .select(sql<number>`count(distinct to_address)`.as('count'))
        .where(sentInvitation('mail_outbox'))
        .executeTakeFirst(),
    ),
    count(
      db
        .selectFrom('app_users')
        .select((eb) => eb.fn.countAll().as('count'))
        .executeTakeFirst(),
    ),
    countFromTally(db, { from: today }),
  ]);
  return {
    total,
    confirmed,
    whitelisted,
    invited,
    registered,
    today: todays,
    at: now.toISOString(),
  };
}

export interface AuditListItem {
  id: string;
  at: Date;
  actor: string;
  action: string;
  target: string;
}

/** A page of the audit log, newest first, narrowed by parts of the actor and the target. */
export async function listAudit(
  db: Kysely<Database>,
  query: AuditQuery,
): Promise<{ items: AuditListItem[]; total: number }> {
  const actor = containsPattern(query.actor);
  const target = containsPattern(query.target);
  const matching = db
    .selectFrom('audit_log')
    // Actors and targets are addresses, stored lower-cased; a token's name part may not be.
    .where((eb) => emailMatches(sql<string>`lower(${eb.ref('actor')})`, actor))
    .where((eb) => emailMatches(sql<string>`lower(${eb.ref('target')})`, target))
    .where((eb) => (query.action ? eb('action', '=', query.action) : sql<boolean>`true`));
  const [rows, total] = await Promise.all([
    matching
      .select(['id', 'at', 'actor', 'action', 'target'])
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    count(matching.select((eb) => eb.fn.countAll().as('count')).executeTakeFirst()),
  ]);
  return { total, items: rows.map((row) => ({ ...row, at: toDate(row.at) })) };
}
