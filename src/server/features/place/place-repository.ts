import type { Kysely } from 'kysely';
import { isProduct, type Product } from '../../../contract/place.ts';
import { toDate, type Database, type Timestamp } from '../../db/schema.ts';
import type { LineSpot } from '../../platform/line/line.ts';
import { yourPlaceMail } from '../../platform/links/place-link.ts';
import { queueMails } from '../../platform/mail/outbox-repository.ts';

/** A person as their page needs them. */
export interface PlacePerson {
  id: string;
  email: string;
  confirmed_at: Timestamp | null;
  wants: Product[];
  /** Whether the "you moved up" mail is on (the person may turn it off). */
  movedMail: boolean;
  /** On the whitelist: invited. */
  invited: boolean;
  /** The network last noted for the referral checks, and when (see noteNetwork). */
  network: string | null;
  networkAt: Date | null;
  /** Where they stand (read with the rest, so a view looks the person up once). */
  spot: LineSpot;
  /** Their referral code, null until their page first showed it. */
  referralCode: string | null;
}

export async function findPlacePerson(
  db: Kysely<Database>,
  id: string,
): Promise<PlacePerson | undefined> {
  const row = await db
    .selectFrom('signups as s')
    .select((eb) => [
      's.id',
      's.email',
      's.confirmed_at',
      's.wants',
      's.moved_mail_off',
      's.network',
      's.network_at',
      's.line_key',
      's.ticket',
      's.boost',
      's.referral_code',
      // A look into the whitelist's key (a left join cost SQLite three times as much).
      eb
        .exists(
          eb.selectFrom('whitelist as w').select('w.email').whereRef('w.email', '=', 's.email'),
        )
        .as('listed'),
    ])
    .where('s.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    email: row.email,
    confirmed_at: row.confirmed_at,
    wants: (row.wants ?? '').split(',').filter(isProduct),
    movedMail: Number(row.moved_mail_off) === 0,
    invited: Boolean(row.listed),
    network: row.network,
    networkAt: row.network_at === null ? null : toDate(row.network_at),
    spot: { line_key: row.line_key, ticket: row.ticket, boost: row.boost },
    referralCode: row.referral_code,
  };
}

/** Saves the products the person wants first (in the products' own order); false if gone. */
export async function saveWants(
  db: Kysely<Database>,
  id: string,
  products: readonly Product[],
): Promise<boolean> {
  const result = await db
    .updateTable('signups')
    .set({ wants: products.length > 0 ? products.join(',') : null })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Turns the "you moved up" mail on or off for the person; false if gone. */
export async function setMovedMail(
  db: Kysely<Database>,
  id: string,
  on: boolean,
): Promise<boolean> {
  const result = await db
    .updateTable('signups')
    .set({ moved_mail_off: on ? 0 : 1 })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * "Send me my link again": queues the "your place" mail when the address is a confirmed signup
 * on the list, and nothing otherwise; the caller answers the same either way. At most one such
 * mail an hour per person (the outbox's dedupe key). Returns whether a mail was asked for.
 */
export async function queuePlaceLinkAgain(
  db: Kysely<Database>,
  email: string,
  now = new Date(),
): Promise<boolean> {
  const signup = await db
    .selectFrom('signups')
    .select(['id', 'email'])
    .where('email', '=', email)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  if (!signup) return false;
  await queueMails(db, [yourPlaceMail(signup, now)]);
  return true;
}

/**
 * Leaves the waitlist: the signup goes (and with it the person's place, their referral code and
 * the referrals they made or came by, which cascade), and so do the mails still queued for it.
 * Unlike an erasure (features/privacy), the address is not barred from mail or from signing up
 * again, and what else we hold about it (an unsubscribe, the record of mails sent, an invitation
 * and an app registration) stays: leaving the line is not deleting one's data, which the page
 * offers apart. Returns false if the signup was already gone.
 */
export async function leaveWaitlist(db: Kysely<Database>, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom('signups')
      .where('id', '=', id)
      .returning('email')
      .executeTakeFirst();
    if (!gone) return false;
    await trx
      .deleteFrom('mail_outbox')
      .where('to_address', '=', gone.email)
      .where('status', '=', 'queued')
      .where('template', 'in', ['waitlist-confirmation', 'your-place'])
      .execute();
    return true;
  });
}
