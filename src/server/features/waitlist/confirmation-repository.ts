import { sql, type Kysely, type Transaction } from 'kysely';
import { isPostgres } from '../../db/column-types.ts';
import { toDate, type Database, type Timestamp } from '../../db/schema.ts';
import { DEFAULT_MAX_ROUNDS, queueMails } from '../../platform/mail/outbox-repository.ts';
import { emitWebhookEvents, signupConfirmedEvent } from '../../platform/events/domain-events.ts';
import { yourPlaceMail } from '../../platform/links/place-link.ts';
import {
  DEFAULT_REFERRAL_RULES,
  noteNetwork,
  settleReferral,
  type ReferralRules,
} from '../../platform/line/referrals.ts';
import { isoTime } from '../../lib/iso-time.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export const CONFIRMATION_TEMPLATE = 'waitlist-confirmation';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Confirmation mails one address may get: a person who lost the mail can sign up again (or ask
 * from an expired link) for a new one, but nobody can use the form to flood someone's inbox.
 */
export const CONFIRMATION_MAIL_LIMITS = { perDay: 3, dayMs: 24 * HOUR_MS, gapMs: HOUR_MS };

/** A signup as the confirmation path needs it. */
export interface ConfirmableSignup {
  id: string;
  email: string;
  confirmed_at: Timestamp | null;
}

interface HistoryRow {
  to_address: string;
  count: number;
  latest: Timestamp;
}

interface MailHistory {
  count: number;
  latest: Date;
}

/**
 * Each address's confirmation mails of the last 24 hours: how many, and the latest. The
 * addresses go in as one JSON array, so the statement's text is the same for every batch size
 * (prepared once), and the look-up goes through the address index rather than every confirmation
 * ever queued.
 */
async function recentConfirmationMails(
  db: Executor,
  addresses: string[],
  now: Date,
): Promise<Map<string, MailHistory>> {
  const since = new Date(now.getTime() - CONFIRMATION_MAIL_LIMITS.dayMs).toISOString();
  const list = JSON.stringify(addresses);
  // Without statistics (SQLite never has them; PostgreSQL's lag behind a fast-growing outbox)
  // the planners would walk the template index over every confirmation ever queued (3 ms a
  // batch of 40 at 12,000 mails on PostgreSQL); `+template` (SQLite) and `template || ''`
  // (PostgreSQL) leave them the address index: one seek per address (PostgreSQL: per address of
  // the list, by a lateral join).
  const { rows } = await (
    isPostgres(db)
      ? sql<HistoryRow>`
          select a.address as to_address, h.count, h.latest
          from jsonb_array_elements_text(${list}::jsonb) as a(address)
          cross join lateral (
            select count(*) as count, max(o.created_at) as latest from mail_outbox o
            where o.to_address = a.address and o.created_at > ${since}
              and o.template || '' = ${CONFIRMATION_TEMPLATE}
          ) as h
          where h.count > 0`
      : sql<HistoryRow>`
          select to_address, count(*) as count, max(created_at) as latest from mail_outbox
          where to_address in (select value from json_each(${list}))
            and created_at > ${since} and +template = ${CONFIRMATION_TEMPLATE}
          group by to_address`
  ).execute(db);
  return new Map(
    rows.map((row) => [row.to_address, { count: Number(row.count), latest: toDate(row.latest) }]),
  );
}

function mayQueue(history: MailHistory | undefined, now: Date): boolean {
  if (!history) return true;
  return (
    history.count < CONFIRMATION_MAIL_LIMITS.perDay &&
    now.getTime() - history.latest.getTime() >= CONFIRMATION_MAIL_LIMITS.gapMs
  );
}

/** The clock hour of a mail's dedupe key. */
function dedupeHour(now: Date): string {
  return String(Math.floor(now.getTime() / HOUR_MS));
}

/**
 * One per signup and clock hour: even two writers that both missed the other's mail (they
 * cannot, the signup row is locked first) would queue only one.
 */
function dedupeKey(signup: ConfirmableSignup, now: Date): string {
  return `${CONFIRMATION_TEMPLATE}:${signup.id}:${dedupeHour(now)}`;
}

function confirmationMail(signup: ConfirmableSignup, now: Date) {
  return {
    to: signup.email,
    template: CONFIRMATION_TEMPLATE,
    params: { signupId: signup.id, issuedAt: isoTime(now) },
    requestedBy: 'system',
    dedupeKey: dedupeKey(signup, now),
    at: now,
  };
}

/**
 * What PostgreSQL's one-call signup batch (migration 0026) needs to queue the confirmation mails
 * `queueConfirmationMails` would: the template, the time in the mail, the hour of its dedupe key,
 * its rounds, and the limits as times. The function builds the same row (tests compare the two).
 */
export function confirmationMailTerms(now: Date) {
  return {
    template: CONFIRMATION_TEMPLATE,
    issuedAt: isoTime(now),
    dedupeHour: dedupeHour(now),
    maxRounds: DEFAULT_MAX_ROUNDS,
    perDay: CONFIRMATION_MAIL_LIMITS.perDay,
    dayStart: isoTime(new Date(now.getTime() - CONFIRMATION_MAIL_LIMITS.dayMs)),
    gapStart: isoTime(new Date(now.getTime() - CONFIRMATION_MAIL_LIMITS.gapMs)),
  };
}

/**
 * What the signups that get no mail do instead: a look-up of the keys their mails would have
 * had, in the same statement shape, so a batch of known addresses takes the round trips a batch
 * of new ones does (bench/signup-timing.ts).
 */
async function probeConfirmations(db: Executor, signups: ConfirmableSignup[], now: Date) {
  // No address without a mail: the mails' insert was the batch's one statement (an empty batch of
  // mails makes none, so a lone new address and a lone known one each take one).
  if (signups.length === 0) return;
  const keys = JSON.stringify(signups.map((signup) => dedupeKey(signup, now)));
  await sql`
    select id from mail_outbox
    where dedupe_key in ${isPostgres(db) ? sql`(select jsonb_array_elements_text(${keys}::jsonb))` : sql`(select value from json_each(${keys}))`}`.execute(
    db,
  );
}

/**
 * Queues a confirmation mail for each unconfirmed signup whose address is within its limits.
 * Call it in the transaction that wrote (and so locked) the signup rows: the mails are saved with
 * them or not at all, and a concurrent signup of the same address waits for this one's mails
 * before it counts them. Every address of the batch is looked up, confirmed or not; the mails go
 * in one statement and the others make one look-up in their place, so a known address costs
 * what a new one does. Returns the ids of the signups that got a mail.
 */
export async function queueConfirmationMails(
  trx: Transaction<Database>,
  signups: ConfirmableSignup[],
  now: Date,
): Promise<Set<string>> {
  if (signups.length === 0) return new Set();
  const history = await recentConfirmationMails(
    trx,
    signups.map((signup) => signup.email),
    now,
  );
  const mailed = signups.filter(
    (signup) => signup.confirmed_at === null && mayQueue(history.get(signup.email), now),
  );
  const queued = new Set(mailed.map((signup) => signup.id));
  await queueMails(
    trx,
    mailed.map((signup) => confirmationMail(signup, now)),
  );
  await probeConfirmations(
    trx,
    signups.filter((signup) => !queued.has(signup.id)),
    now,
  );
  return queued;
}

export async function findConfirmableSignup(
  db: Executor,
  id: string,
): Promise<ConfirmableSignup | undefined> {
  return db
    .selectFrom('signups')
    .select(['id', 'email', 'confirmed_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Confirms the signup once: true if this call confirmed it, false if it already was (or is gone).
 * In the same transaction the person starts waiting in line (a trigger), the referral they came by (if any)
 * is settled, the network they confirmed from is noted (`network`, keyed) and the
 * `signup.confirmed` webhook event is queued; with `placeMail`, the "your place" mail too (the link
 * to the person's own page, which they keep: no account, no password).
 */
export async function confirmSignup(
  db: Kysely<Database>,
  id: string,
  now = new Date(),
  {
    network,
    rules = DEFAULT_REFERRAL_RULES,
    placeMail = false,
  }: { network?: string; rules?: ReferralRules; placeMail?: boolean } = {},
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const confirmed = await trx
      .updateTable('signups')
      .set({ confirmed_at: now.toISOString() })
      .where('id', '=', id)
      .where('confirmed_at', 'is', null)
      .returning(['id', 'email'])
      .executeTakeFirst();
    if (!confirmed) return false;
    await noteNetwork(trx, confirmed.id, network, now);
    await settleReferral(trx, confirmed.id, now, rules);
    await emitWebhookEvents(trx, [signupConfirmedEvent(confirmed, now)]);
    if (placeMail) await queueMails(trx, [yourPlaceMail(confirmed, now)]);
    return true;
  });
}

export type ResendOutcome = 'queued' | 'limited' | 'confirmed' | 'missing';

/**
 * A new confirmation mail for a signup that asks from an expired link, within the same limits as
 * a repeated signup. The row is locked first (PostgreSQL), as a signup of the address would.
 */
export async function resendConfirmation(
  db: Kysely<Database>,
  id: string,
  now = new Date(),
): Promise<ResendOutcome> {
  return db.transaction().execute(async (trx) => {
    const query = trx
      .selectFrom('signups')
      .select(['id', 'email', 'confirmed_at'])
      .where('id', '=', id);
    const signup = await (isPostgres(db) ? query.forUpdate() : query).executeTakeFirst();
    if (!signup) return 'missing';
    if (signup.confirmed_at !== null) return 'confirmed';
    const queued = await queueConfirmationMails(trx, [signup], now);
    return queued.size > 0 ? 'queued' : 'limited';
  });
}
