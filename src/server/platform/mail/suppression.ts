import { createHmac } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { normaliseEmail } from '../../../contract/email-rules.ts';
import type { Database } from '../../db/schema.ts';
import { derivedKey } from '../links/signed-links.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export const ERASED_MESSAGE =
  'This address was erased at its owner’s request and is never mailed again, so nothing was sent.';

/**
 * The pepper of address hashes, derived from the mail secret (UNSUBSCRIBE_SECRET in production,
 * kept outside the database): a copy of the database alone cannot test guessed addresses
 * against the hashes. Changing the secret makes earlier hashes unmatchable (docs/decisions/0019).
 */
const suppressionKey = derivedKey('email-suppression');

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

/** How the hash stands in for an address an admin typed (a search term) in the audit log. */
export function addressLabel(hash: string): string {
  return `address:${hash}`;
}

/** A run without white space that holds an @ with something before it: an address, or a part. */
const ADDRESS_LIKE = /\S*[^\s@]@\S*/g;

/**
 * The text with every run that looks like an address (or a part of one, with its @) replaced by
 * its keyed hash: what the audit log keeps of a search term or filter, so it names nobody. The
 * hash of a whole address is the one an erasure keeps, so the entry still tells whom an export
 * was about to whoever holds the key and the address.
 */
export function withoutAddresses(secret: string, text: string): string {
  return text.replace(ADDRESS_LIKE, (run) => addressLabel(addressHash(secret, run)));
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
