import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { PersonalData } from '../../contract/privacy.ts';
import type { Database } from '../db/schema.ts';
import { addToWhitelist } from '../features/access/whitelist-repository.ts';
import { registerAppUser } from '../features/access/registration-repository.ts';
import { markUnsubscribed } from '../platform/mail/email-repository.ts';
import { findOutboxMail } from '../platform/mail/outbox-repository.ts';
import type { ReceivedMail } from './test-smtp-server.ts';
import { DATA_EXPORT_FILENAME } from '../features/privacy/data-export-mail.ts';
import { confirmSignup } from '../features/waitlist/confirmation-repository.ts';
import { findSignupByEmail, insertSignup } from '../features/waitlist/signup-repository.ts';
import { uuidV7 } from '../lib/uuid-v7.ts';

/** Fixed times, so what an export holds can be written out in full. */
export const SIGNED_UP_AT = new Date(Date.UTC(2026, 1, 20, 18, 4, 11));
export const CONFIRMED_AT = new Date(Date.UTC(2026, 1, 20, 18, 6, 42));
export const WHITELISTED_AT = new Date(Date.UTC(2026, 1, 25, 10, 0));
export const REGISTERED_AT = new Date(Date.UTC(2026, 1, 26, 12, 30));
export const UNSUBSCRIBED_AT = new Date(Date.UTC(2026, 1, 27, 8, 15));

/** Each seeded person acts a millisecond after the previous one, so entries sort one way. */
let actedAt = WHITELISTED_AT.getTime();

/**
 * Gives `email` data of every kind a person can have here: a confirmed signup with its
 * confirmation mail, a whitelist entry made by `admin` (audited), an app registration, an
 * unsubscribe, and an audit entry where the address itself acted (on `actedOn`).
 */
export async function seedPerson(
  db: Kysely<Database>,
  email: string,
  { admin, actedOn }: { admin: string; actedOn: string },
) {
  await insertSignup(
    db,
    { email, program: 'CLOSED_ALPHA', source: 'hero-top' },
    SIGNED_UP_AT,
    'mail',
  );
  // Sent before the unsubscribe below, as it would be.
  await outboxDrained(db);
  const signup = await findSignupByEmail(db, email);
  await confirmSignup(db, signup!.id, CONFIRMED_AT);
  await addToWhitelist(db, email, admin, WHITELISTED_AT);
  await registerAppUser(db, `uid-${email}`, email, REGISTERED_AT);
  await markUnsubscribed(db, email, UNSUBSCRIBED_AT);
  // As if the person were also an admin who changed someone else's entry.
  actedAt += 1;
  await db
    .insertInto('audit_log')
    .values({
      id: uuidV7(actedAt),
      at: new Date(actedAt).toISOString(),
      actor: email,
      action: 'whitelist.remove',
      target: actedOn,
    })
    .execute();
}

/** Every row of every table that holds personal data, to compare before and after. */
export async function snapshot(db: Kysely<Database>) {
  const tables = [
    'signups',
    'whitelist',
    'app_users',
    'email_unsubscribes',
    'email_suppressions',
    'mail_outbox',
    'audit_log',
  ] as const;
  const rows: Record<string, unknown[]> = {};
  for (const table of tables) {
    const list = await db.selectFrom(table).selectAll().execute();
    // In one order and one form on both databases (PostgreSQL gives dates as Date objects).
    rows[table] = list
      .map((row) => JSON.stringify(row))
      .sort()
      .map((row) => JSON.parse(row) as unknown);
  }
  return rows;
}

/** The rows of `snapshot` that name `email` anywhere. */
export function rowsNaming(rows: Record<string, unknown[]>, email: string) {
  return Object.fromEntries(
    Object.entries(rows).map(([table, list]) => [
      table,
      list.filter((row) => JSON.stringify(row).includes(email)),
    ]),
  );
}

/** Waits (bounded) until the worker has finished every message in the outbox. */
export async function outboxDrained(db: Kysely<Database>) {
  for (let waited = 0; waited < 400; waited++) {
    const busy = await db
      .selectFrom('mail_outbox')
      .select('id')
      .where('status', 'in', ['queued', 'sending'])
      .execute();
    if (busy.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('mail still waiting in the outbox');
}

/** Waits (bounded) until the worker has finished message `id`; returns its row. */
export async function finished(db: Kysely<Database>, id: string) {
  for (let waited = 0; waited < 400; waited++) {
    const row = await findOutboxMail(db, id);
    if (row && row.status !== 'queued' && row.status !== 'sending') return row;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`mail ${id} still waiting`);
}

/** The JSON file attached to a received "Your ReelScore data" mail. */
export function attachedData(mail: ReceivedMail): PersonalData {
  const attachments = mail.parsed.attachments;
  expect(attachments.map((file) => [file.filename, file.mimeType])).toEqual([
    [DATA_EXPORT_FILENAME, 'application/json'],
  ]);
  const { content } = attachments[0]!;
  const text = typeof content === 'string' ? content : new TextDecoder().decode(content);
  return JSON.parse(text) as PersonalData;
}
