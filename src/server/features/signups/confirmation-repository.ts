import { sql, type Kysely, type Transaction } from 'kysely';
import { isPostgres } from '../../db/column-types.ts';
import { toDate, type Database, type Timestamp } from '../../db/schema.ts';
import { enqueueMail } from '../email/outbox-repository.ts';
import { emitWebhookEvents, signupConfirmedEvent } from '../webhooks/webhook-events.ts';

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

interface MailHistory {
  count: number;
  latest: Date;
}

/** Each address's confirmation mails of the last 24 hours: how many, and the latest. */
async function recentConfirmationMails(
  db: Executor,
  addresses: string[],
  now: Date,
): Promise<Map<string, MailHistory>> {
  const since = new Date(now.getTime() - CONFIRMATION_MAIL_LIMITS.dayMs).toISOString();
  const rows = await db
    .selectFrom('mail_outbox')
    .select([
      'to_address',
      sql<number>`count(*)`.as('count'),
      sql<Timestamp>`max(created_at)`.as('latest'),
    ])
    .where('template', '=', CONFIRMATION_TEMPLATE)
    .where('to_address', 'in', addresses)
    .where('created_at', '>', since)
    .groupBy('to_address')
    .execute();
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

/**
 * One per signup and clock hour: even two writers that both missed the other's mail (they
 * cannot, the signup row is locked first) would queue only one.
 */
function dedupeKey(signup: ConfirmableSignup, now: Date): string {
  return `${CONFIRMATION_TEMPLATE}:${signup.id}:${Math.floor(now.getTime() / HOUR_MS)}`;
}

function queueConfirmation(db: Executor, signup: ConfirmableSignup, now: Date) {
  return enqueueMail(db, {
    to: signup.email,
    template: CONFIRMATION_TEMPLATE,
    params: { signupId: signup.id, issuedAt: now.toISOString() },
    requestedBy: 'system',
    dedupeKey: dedupeKey(signup, now),
    at: now,
  });
}

/**
 * What a signup that gets no mail does instead: the same round trip to the outbox, a look-up of
 * the key its mail would have had. Without it a new address (which gets a mail) would answer
 * measurably later than a known one (bench/signup-timing.ts).
 */
async function probeConfirmation(db: Executor, signup: ConfirmableSignup, now: Date) {
  await db
    .selectFrom('mail_outbox')
    .select('id')
    .where('dedupe_key', '=', dedupeKey(signup, now))
    .executeTakeFirst();
}

/**
 * Queues a confirmation mail for each unconfirmed signup whose address is within its limits.
 * Call it in the transaction that wrote (and so locked) the signup rows: the mails are saved with
 * them or not at all, and a concurrent signup of the same address waits for this one's mails
 * before it counts them. Every address of the batch is looked up, confirmed or not, and one that
 * gets no mail makes a look-up in its place, so a known address costs what a new one does.
 * Returns the ids of the signups that got a mail.
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
  const queued = new Set<string>();
  for (const signup of signups) {
    if (signup.confirmed_at !== null || !mayQueue(history.get(signup.email), now)) {
      await probeConfirmation(trx, signup, now);
      continue;
    }
    await queueConfirmation(trx, signup, now);
    queued.add(signup.id);
  }
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
 * The `signup.confirmed` webhook event is queued in the same transaction.
 */
export async function confirmSignup(
  db: Kysely<Database>,
  id: string,
  now = new Date(),
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
    await emitWebhookEvents(trx, [signupConfirmedEvent(confirmed, now)]);
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
