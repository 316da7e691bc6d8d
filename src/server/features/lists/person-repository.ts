import type { Kysely } from 'kysely';
import type { Person } from '../../../contract/person.ts';
import { toDate, type Database, type OutboxStatus, type Timestamp } from '../../db/schema.ts';
import { findTemplate } from '../../platform/mail/templates/template-registry.ts';
import { placeInLine } from '../../platform/line/line.ts';
import { productsOf } from '../../platform/line/products.ts';
import { referralCounts } from '../../platform/line/referrals.ts';

/** A signup's place in line, its referrals as counts, and the link it came by. */
async function lineOf(
  db: Kysely<Database>,
  signup: { id: string; boost: number | string; wants: string | null },
): Promise<NonNullable<Person['line']>> {
  const [place, referrals, referredBy] = await Promise.all([
    placeInLine(db, signup.id),
    referralCounts(db, signup.id),
    db
      .selectFrom('referrals as r')
      .innerJoin('signups as o', 'o.id', 'r.owner_id')
      .select(['o.email', 'r.status'])
      .where('r.friend_id', '=', signup.id)
      .executeTakeFirst(),
  ]);
  return {
    place: place?.place ?? null,
    waiting: place?.waiting ?? null,
    boost: Number(signup.boost),
    products: productsOf(signup.wants),
    referrals,
    referredBy: referredBy ? { email: referredBy.email, status: referredBy.status } : null,
  };
}

/** How many mails and audit entries the panel shows, newest first. */
export const PERSON_HISTORY_LIMIT = 50;

const iso = (value: Timestamp) => toDate(value).toISOString();
const isoOrNull = (value: Timestamp | null) => (value === null ? null : iso(value));

const MAIL_STATUS: Record<OutboxStatus, Person['mails'][number]['status']> = {
  queued: 'waiting',
  sending: 'waiting',
  sent: 'sent',
  dead: 'failed',
  suppressed: 'not sent',
};

/**
 * One address at a glance (the dashboard's person panel): its signup and repeats, confirmation,
 * whitelist, registration, marketing-mail choice, every mail and its delivery, and what was done
 * to it. Read as stored: nothing is changed or audited (the same data as the lists' rows).
 * Returns null when nothing is held about the address.
 */
export async function readPerson(db: Kysely<Database>, email: string): Promise<Person | null> {
  const [signup, whitelist, registration, unsubscribe, problem, mails, audit] = await Promise.all([
    db.selectFrom('signups').selectAll().where('email', '=', email).executeTakeFirst(),
    db.selectFrom('whitelist').selectAll().where('email', '=', email).executeTakeFirst(),
    db
      .selectFrom('app_users')
      .select('registered_at')
      .where('email', '=', email)
      .orderBy('registered_at')
      .executeTakeFirst(),
    db
      .selectFrom('email_unsubscribes')
      .select('unsubscribed_at')
      .where('email', '=', email)
      .executeTakeFirst(),
    db.selectFrom('address_problems').select('email').where('email', '=', email).executeTakeFirst(),
    db
      .selectFrom('mail_outbox')
      .leftJoin('wave_members', 'wave_members.outbox_id', 'mail_outbox.id')
      .select([
        'mail_outbox.id',
        'mail_outbox.template',
        'mail_outbox.status',
        'mail_outbox.created_at',
        'mail_outbox.finished_at',
        'mail_outbox.failure_message',
        'wave_members.wave_id',
      ])
      .where('mail_outbox.to_address', '=', email)
      .orderBy('mail_outbox.created_at', 'desc')
      .orderBy('mail_outbox.id', 'desc')
      .limit(PERSON_HISTORY_LIMIT)
      .execute(),
    db
      .selectFrom('audit_log')
      .select(['at', 'action', 'actor'])
      .where('target', '=', email)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(PERSON_HISTORY_LIMIT)
      .execute(),
  ]);
  if (!signup && !whitelist && !registration && mails.length === 0 && audit.length === 0) {
    return null;
  }
  return {
    email,
    signup: signup
      ? {
          program: signup.program,
          source: signup.source,
          signedUpAt: iso(signup.created_at),
          lastSignupAt: iso(signup.last_signup_at ?? signup.created_at),
          attempts: Number(signup.signup_count),
          confirmedAt: isoOrNull(signup.confirmed_at),
        }
      : null,
    line: signup ? await lineOf(db, signup) : null,
    whitelist: whitelist ? { addedAt: iso(whitelist.added_at), addedBy: whitelist.added_by } : null,
    registration: registration ? { registeredAt: iso(registration.registered_at) } : null,
    unsubscribedAt: unsubscribe ? iso(unsubscribe.unsubscribed_at) : null,
    notOneMailbox: problem !== undefined,
    mails: mails.map((mail) => ({
      id: mail.id,
      template: findTemplate(mail.template)?.name ?? mail.template,
      status: MAIL_STATUS[mail.status],
      queuedAt: iso(mail.created_at),
      finishedAt: isoOrNull(mail.finished_at),
      failure: mail.failure_message,
      waveId: mail.wave_id,
    })),
    audit: audit.map((entry) => ({ at: iso(entry.at), action: entry.action, actor: entry.actor })),
  };
}
