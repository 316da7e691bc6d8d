import { sql, type Kysely, type Transaction } from 'kysely';
import type { WebhookEventType } from '../../../contract/webhooks.ts';
import { isPostgres } from '../../db/column-types.ts';
import { rowBatchQuery } from '../../db/row-batch-query.ts';
import type { Database, Timestamp } from '../../db/schema.ts';
import type { Outcome } from '../../lib/group-commit.ts';
import { uuidV7 } from '../../lib/uuid-v7.ts';
import {
  emitWebhookEvents,
  signupConfirmedEvent,
  signupCreatedEvent,
  webhookPayload,
} from '../../platform/events/domain-events.ts';
import { nextTickets } from '../../platform/line/line.ts';
import {
  DEFAULT_REFERRAL_RULES,
  recordReferrals,
  settleReferral,
  type ReferralRules,
} from '../../platform/line/referrals.ts';
import {
  confirmationMailTerms,
  queueConfirmationMails,
  type ConfirmableSignup,
} from './confirmation-repository.ts';
import { isoTime } from '../../lib/iso-time.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * What a new signup needs besides its row: `mail` queues a confirmation mail (double opt-in, see
 * confirmation-repository.ts); `at-once` stores it confirmed when it is made (the operator turned
 * confirmation off). Unset (seeds and fixtures): neither, the signup stays unconfirmed.
 */
export type SignupConfirmation = 'mail' | 'at-once';

export interface NewSignup {
  email: string;
  program: string;
  source: string;
  /** A referral code (well formed) the person came with: a new signup records its referral. */
  ref?: string;
  /** The keyed network of a referred signup (network-key.ts). */
  network?: string;
}

/** One row to write: an address's first signup, or a repeat of a known one. */
interface SignupRow extends NewSignup {
  id: string;
  /** SQLite only: the row's place in the original line (PostgreSQL's sequence gives it). */
  ticket?: number;
  created_at: string;
  last_signup_at: string;
  signup_count: number;
  confirmed_at: string | null;
}

/** The batch's insert (see `upsertSignups`), compiled once per batch size. */
const signupsInsert = rowBatchQuery((db, rows: readonly SignupCells[]) =>
  db
    .insertInto('signups')
    .values(rows)
    .onConflict((conflict) =>
      conflict.column('email').doUpdateSet((eb) => ({
        signup_count: eb('signups.signup_count', '+', eb.ref('excluded.signup_count')),
        // Commits run in parallel on PostgreSQL, so a batch started earlier may land later:
        // the latest time never moves back.
        last_signup_at: eb
          .case()
          .when(
            eb.or([
              eb('signups.last_signup_at', 'is', null),
              eb('excluded.last_signup_at', '>', eb.ref('signups.last_signup_at')),
            ]),
          )
          .then(eb.ref('excluded.last_signup_at'))
          .else(eb.ref('signups.last_signup_at'))
          .end(),
      })),
    )
    // A known address keeps its confirmation: the conflict branch never sets it.
    .returning(['email', 'id', 'confirmed_at']),
);

/** A signup row as the insert writes it: the referral travels beside it (recordReferrals). */
type SignupCells = Omit<SignupRow, 'ref' | 'network'>;

/**
 * Writes one row per address: a new address gets its row; a known one keeps its first form,
 * programme and time, and records the repeat (count and latest time). Both write, so a repeat
 * takes the same work as a new signup and the answer time does not reveal a known address.
 * Returns the id of each address's row, old or new.
 */
async function upsertSignups(
  db: Executor,
  rows: SignupRow[],
): Promise<Map<string, ConfirmableSignup>> {
  const { rows: saved } = await db.executeQuery(
    signupsInsert(
      db,
      rows.map(({ ref: _ref, network: _network, ...row }) => row),
    ),
  );
  return new Map(saved.map((row) => [row.email, row]));
}

/**
 * PostgreSQL, confirmation by mail, no referral: the rows, their mails and their webhook events in
 * one call of `signup_batch` (migration 0026, decision 0044), one round trip and one commit where
 * the transaction below takes six. The rules stay here: the function gets the mail's terms
 * (`confirmationMailTerms`), each row's ids and its webhook body, and applies them as
 * `queueConfirmationMails` and `emitWebhookEvents` do.
 */
async function saveSignupsInOneCall(
  db: Kysely<Database>,
  rows: SignupRow[],
  now: Date,
): Promise<Map<string, ConfirmableSignup>> {
  const terms = confirmationMailTerms(now);
  const batch = JSON.stringify(
    rows.map((row) => ({
      id: row.id,
      email: row.email,
      program: row.program,
      source: row.source,
      signup_count: row.signup_count,
      mail_id: uuidV7(now.getTime()),
      payload: webhookPayload(signupCreatedEvent(row)),
    })),
  );
  const { rows: saved } = await sql<{
    saved_email: string;
    saved_id: string;
    saved_confirmed_at: Timestamp | null;
  }>`
    select saved_email, saved_id, saved_confirmed_at from signup_batch(${batch}::jsonb, ${isoTime(now)}::timestamptz,
      ${terms.template}, ${terms.issuedAt}, ${terms.dedupeHour}, ${terms.maxRounds}::integer,
      ${terms.perDay}::integer, ${terms.dayStart}::timestamptz, ${terms.gapStart}::timestamptz,
      ${SIGNUP_CREATED}, ${now.getTime()}::bigint)`.execute(db);
  return new Map(
    saved.map((row) => [
      row.saved_email,
      { id: row.saved_id, email: row.saved_email, confirmed_at: row.saved_confirmed_at },
    ]),
  );
}

const SIGNUP_CREATED: WebhookEventType = 'signup.created';

/**
 * Writes the rows and, with confirmation by mail, queues the mails in the same transaction, with
 * the webhook events: a row without its mail or events, or either without its row, is never saved.
 */
async function saveSignups(
  db: Kysely<Database>,
  rows: SignupRow[],
  now: Date,
  confirmation: SignupConfirmation | undefined,
  rules: ReferralRules,
): Promise<Map<string, ConfirmableSignup>> {
  if (confirmation === 'mail' && isPostgres(db) && rows.every((row) => row.ref === undefined)) {
    return saveSignupsInOneCall(db, rows, now);
  }
  return db.transaction().execute(async (trx) => {
    const first = await nextTickets(trx, rows.length);
    if (first !== undefined) rows.forEach((row, index) => (row.ticket = first + index));
    const saved = await upsertSignups(trx, rows);
    if (confirmation === 'mail') await queueConfirmationMails(trx, [...saved.values()], now);
    // Webhook events for new addresses only: a repeat is not a new signup.
    const created = rows.filter((row) => saved.get(row.email)?.id === row.id);
    // A known address that comes by a link is recorded as the new one is (if no link brought
    // it before): the same work, and the owner's count of friends waiting to confirm moves the
    // same way, so neither tells whether the address was on the list. It is credited only if
    // it confirms from now on.
    const referred = rows.filter((row) => row.ref !== undefined);
    await recordReferrals(
      trx,
      referred.map((row) => ({
        friendId: saved.get(row.email)!.id,
        friendEmail: row.email,
        code: row.ref!,
        network: row.network,
      })),
      now,
    );
    // Confirmed as they sign up (confirmation off): new people's referrals settle now.
    if (confirmation === 'at-once') {
      for (const row of created)
        if (row.ref !== undefined) await settleReferral(trx, row.id, now, rules);
    }
    await emitWebhookEvents(trx, [
      ...created.map(signupCreatedEvent),
      ...created
        .filter((row) => row.confirmed_at !== null)
        .map((row) => signupConfirmedEvent(row, now)),
    ]);
    return saved;
  });
}

function signupRow(
  signup: NewSignup,
  now: Date,
  confirmation: SignupConfirmation | undefined,
): SignupRow {
  const at = isoTime(now);
  return {
    id: uuidV7(now.getTime()),
    ...signup,
    created_at: at,
    last_signup_at: at,
    signup_count: 1,
    confirmed_at: confirmation === 'at-once' ? at : null,
  };
}

/** Records one signup (see `upsertSignups`). Returns whether the address was new. */
export async function insertSignup(
  db: Kysely<Database>,
  signup: NewSignup,
  now = new Date(),
  confirmation?: SignupConfirmation,
  rules: ReferralRules = DEFAULT_REFERRAL_RULES,
) {
  const row = signupRow(signup, now, confirmation);
  const saved = await saveSignups(db, [row], now, confirmation, rules);
  return { created: saved.get(row.email)?.id === row.id };
}

/**
 * Records many signups in one statement (one commit; with confirmation mails, one transaction).
 * An address repeated within the batch is written once with its number of repeats (PostgreSQL
 * refuses to change one row twice in a statement); only its first occurrence can be new, and the
 * address gets at most one mail. If the batch fails, each signup is tried on its own, so one bad
 * row cannot fail the others.
 */
export async function insertSignups(
  db: Kysely<Database>,
  signups: NewSignup[],
  now = new Date(),
  confirmation?: SignupConfirmation,
  rules: ReferralRules = DEFAULT_REFERRAL_RULES,
): Promise<Outcome<{ created: boolean }>[]> {
  const rows = new Map<string, SignupRow>();
  for (const signup of signups) {
    const row = rows.get(signup.email);
    if (row) row.signup_count += 1;
    else rows.set(signup.email, signupRow(signup, now, confirmation));
  }
  try {
    // In address order: batches committing in parallel (PostgreSQL) then lock the rows they
    // share in the same order, and cannot deadlock on them.
    const ordered = [...rows.values()].sort((a, b) => (a.email < b.email ? -1 : 1));
    const saved = await saveSignups(db, ordered, now, confirmation, rules);
    const answered = new Set<string>();
    return signups.map((signup): Outcome<{ created: boolean }> => {
      const id = saved.get(signup.email)?.id;
      if (id === undefined) return { ok: false, error: new Error('signup row not returned') };
      // Only the first occurrence in the batch can be the new one; the rest are repeats.
      const first = !answered.has(signup.email);
      answered.add(signup.email);
      return { ok: true, value: { created: first && id === rows.get(signup.email)?.id } };
    });
  } catch (batchError) {
    if (signups.length === 1) return [{ ok: false, error: batchError }];
    return Promise.all(
      signups.map((signup) =>
        insertSignup(db, signup, now, confirmation, rules).then(
          (value): Outcome<{ created: boolean }> => ({ ok: true, value }),
          (error: unknown): Outcome<{ created: boolean }> => ({ ok: false, error }),
        ),
      ),
    );
  }
}

export async function findSignupByEmail(db: Executor, email: string) {
  return db.selectFrom('signups').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function countSignups(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('signups')
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
