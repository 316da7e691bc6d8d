import { createHmac } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { normaliseEmail } from '../../../contract/email-rules.ts';
import type { Database } from '../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export const ERASED_MESSAGE =
  'This address was erased at its owner’s request and is never mailed again, so nothing was sent.';

/**
 * The pepper of address hashes, derived from the mail secret (UNSUBSCRIBE_SECRET in production,
 * kept outside the database): a copy of the database alone cannot test guessed addresses
 * against the hashes. Changing the secret makes earlier hashes unmatchable (docs/decisions/0019).
 */
function suppressionKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('email-suppression').digest();
}

function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', suppressionKey(secret)).update(text).digest('hex');
}

/** HMAC-SHA-256 of the normalised address, in hex: what an erasure keeps instead of it. */
export function addressHash(secret: string, address: string): string {
  return hmacHex(secret, normaliseEmail(address));
}

/**
 * The hashes an erasure of `address` may have kept: today's, and those of an erasure made when
 * addresses were only trimmed and lower-cased, not composed (NFC): as given, or decomposed.
 */
function erasedHashes(secret: string, address: string): string[] {
  const lower = address.trim().toLowerCase();
  const forms = new Set([normaliseEmail(address), lower, lower.normalize('NFD')]);
  return [...forms].map((form) => hmacHex(secret, form));
}

/** How the hash stands in for the address in the audit log. */
export function erasedLabel(hash: string): string {
  return `erased:${hash}`;
}

/** Whether `address` was erased: it is never mailed again, whatever the kind of mail. */
export async function isSuppressed(
  db: Executor,
  secret: string,
  address: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('email_suppressions')
    .select('address_hash')
    .where('address_hash', 'in', erasedHashes(secret, address))
    .executeTakeFirst();
  return row !== undefined;
}
