import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { MailConfig } from '../../config.ts';
import { sharedValue } from '../values/shared-values.ts';
import {
  addressLinkUrl,
  addressToken,
  verifyAddressToken,
  type AddressLinkKind,
} from './signed-links.ts';

/**
 * The key that signs unsubscribe links. Production sets UNSUBSCRIBE_SECRET; locally the first
 * instance makes a random one and every instance reads it from the database, so links stay
 * valid across restarts.
 */
export async function unsubscribeSecret(db: Kysely<Database>, mail: MailConfig): Promise<string> {
  if (mail.unsubscribeSecret) return mail.unsubscribeSecret;
  return sharedValue(db, 'unsubscribe-secret', () =>
    Promise.resolve(randomBytes(32).toString('base64url')),
  );
}

/**
 * Unsubscribe links: signed with the mail secret itself (the first kind of link; its links are
 * in mailboxes), each naming exactly one address.
 */
const UNSUBSCRIBE: AddressLinkKind = { purpose: 'unsubscribe', key: (secret) => secret };

export function unsubscribeToken(secret: string, address: string): string {
  return addressToken(UNSUBSCRIBE, secret, address);
}

export function verifyUnsubscribeToken(secret: string, address: string, token: string): boolean {
  return verifyAddressToken(UNSUBSCRIBE, secret, address, token);
}

export function unsubscribeUrl(publicUrl: string, secret: string, address: string): string {
  return addressLinkUrl(UNSUBSCRIBE, '/api/unsubscribe', publicUrl, secret, address);
}
