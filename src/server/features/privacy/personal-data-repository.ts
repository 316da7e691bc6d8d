import type { Kysely } from 'kysely';
import type { PersonalData } from '../../../contract/privacy.ts';
import { toDate, type Database, type OutboxStatus, type Timestamp } from '../../db/schema.ts';
import { placeInLine } from '../../platform/line/line.ts';
import { findTemplate } from '../../platform/mail/templates/template-registry.ts';
import { DATA_REQUEST_LINK_ACTOR } from './privacy-audit.ts';

const iso = (value: Timestamp) => toDate(value).toISOString();
const isoOrNull = (value: Timestamp | null) => (value === null ? null : iso(value));

const OUTCOMES: Record<OutboxStatus, PersonalData['mails'][number]['status']> = {
  queued: 'waiting',
  sending: 'waiting',
  sent: 'sent',
  dead: 'failed',
  suppressed: 'not sent',
};

/** Who acted, without naming anyone else: another address is a member of our team. */
function actorFor(address: string, actor: string): string {
  if (actor === address) return 'you';
  if (actor === DATA_REQUEST_LINK_ACTOR) return 'you, from the link in one of our mails';
  if (actor === 'system') return 'ReelScore, automatically';
  return 'a member of the ReelScore team';
}

type MailEntry = PersonalData['mails'][number];

/** A mail as the person reads it: which one, when, how it ended; no links, tokens or params. */
function mailEntry(
  templateId: string,
  status: MailEntry['status'],
  row: {
    created_at: Timestamp;
    finished_at: Timestamp | null;
    attempts: number;
    failure_message: string | null;
  },
): MailEntry {
  const template = findTemplate(templateId);
  return {
    template: template?.name ?? templateId,
    subject: template?.subject ?? '',
    status,
    queuedAt: iso(row.created_at),
    finishedAt: isoOrNull(row.finished_at),
    attempts: Number(row.attempts),
    failure: row.failure_message,
  };
}

async function signupsOf(db: Kysely<Database>, address: string) {
  const rows = await db.selectFrom('signups').selectAll().where('email', '=', address).execute();
  return rows.map((row) => ({
    program: row.program,
    source: row.source,
    signedUpAt: iso(row.created_at),
    lastSignupAt: isoOrNull(row.last_signup_at),
    signupCount: Number(row.signup_count),
    confirmedAt: isoOrNull(row.confirmed_at),
  }));
}

/**
 * The place in line and referrals (decision 0040): the ticket, the place now, the products
 * wanted, the code and how many friends joined through it, counted and never named.
 */
async function lineOf(db: Kysely<Database>, address: string): Promise<PersonalData['line']> {
  const row = await db
    .selectFrom('signups')
    .select([
      'id',
      'ticket',
      'boost',
      'wants',
      'referral_code',
      'moved_mail_off',
      'moved_mail_at',
      'network_at',
    ])
    .where('email', '=', address)
    .executeTakeFirst();
  if (!row) return null;
  const place = await placeInLine(db, row.id);
  const counts = await db
    .selectFrom('referrals')
    .select(['status', (eb) => eb.fn.countAll<string | number>().as('count')])
    .where('owner_id', '=', row.id)
    .groupBy('status')
    .execute();
  const count = (status: string) => Number(counts.find((c) => c.status === status)?.count ?? 0);
  return {
    ticket: row.ticket === null ? null : Number(row.ticket),
    place: place?.place ?? null,
    waiting: place?.waiting ?? null,
    placesGained: Number(row.boost),
    wantsFirst: row.wants ? row.wants.split(',').filter(Boolean) : [],
    referralCode: row.referral_code,
    referrals: {
      waitingToConfirm: count('pending'),
      credited: count('credited'),
      heldForReview: count('held'),
      rejected: count('rejected'),
    },
    movedUpMail: !row.moved_mail_off,
    lastMovedUpMailAt: isoOrNull(row.moved_mail_at),
    networkSeenAt: isoOrNull(row.network_at),
  };
}

async function whitelistOf(db: Kysely<Database>, address: string) {
  const row = await db
    .selectFrom('whitelist')
    .select('added_at')
    .where('email', '=', address)
    .executeTakeFirst();
  return row ? { addedAt: iso(row.added_at) } : null;
}

async function registrationOf(db: Kysely<Database>, address: string) {
  const row = await db
    .selectFrom('app_users')
    .select(['uid', 'registered_at'])
    .where('email', '=', address)
    .executeTakeFirst();
  return row ? { accountId: row.uid, registeredAt: iso(row.registered_at) } : null;
}

async function unsubscribeOf(db: Kysely<Database>, address: string) {
  const row = await db
    .selectFrom('email_unsubscribes')
    .select('unsubscribed_at')
    .where('email', '=', address)
    .executeTakeFirst();
  return { unsubscribed: row !== undefined, unsubscribedAt: row ? iso(row.unsubscribed_at) : null };
}

async function mailsTo(db: Kysely<Database>, address: string) {
  const rows = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', address)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => mailEntry(row.template, OUTCOMES[row.status], row));
}

async function auditEntriesOf(db: Kysely<Database>, address: string) {
  const rows = await db
    .selectFrom('audit_log')
    .select(['at', 'action', 'actor'])
    .where((eb) => eb.or([eb('target', '=', address), eb('actor', '=', address)]))
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    at: iso(row.at),
    action: row.action,
    by: actorFor(address, row.actor),
  }));
}

/** Everything held about `address` (GDPR art. 15), read when asked: never stored as a copy. */
export async function collectPersonalData(
  db: Kysely<Database>,
  address: string,
  now = new Date(),
): Promise<PersonalData> {
  return {
    address,
    exportedAt: now.toISOString(),
    signups: await signupsOf(db, address),
    line: await lineOf(db, address),
    whitelist: await whitelistOf(db, address),
    appRegistration: await registrationOf(db, address),
    marketingMail: await unsubscribeOf(db, address),
    mails: await mailsTo(db, address),
    auditLog: await auditEntriesOf(db, address),
  };
}

/**
 * Whether an erasure would find anything of `address` to remove (after an erasure: whether some
 * came back since). What the address did as an admin is kept as it is (decision 0035), so an
 * audit entry counts only when it names the address as its target.
 */
export async function holdsPersonalData(db: Kysely<Database>, address: string): Promise<boolean> {
  const data = await collectPersonalData(db, address);
  const named = await db
    .selectFrom('audit_log')
    .select('id')
    .where('target', '=', address)
    .limit(1)
    .executeTakeFirst();
  return (
    data.signups.length > 0 ||
    data.whitelist !== null ||
    data.appRegistration !== null ||
    data.marketingMail.unsubscribed ||
    data.mails.length > 0 ||
    named !== undefined
  );
}
