import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { MailConfig } from '../../config.ts';
import { sharedValue } from '../values/shared-values.ts';

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

/** A per-address token: only we can make one, and it names exactly one address. */
export function unsubscribeToken(secret: string, address: string): string {
  return createHmac('sha256', secret).update(`unsubscribe\n${address}`).digest('base64url');
}

export function verifyUnsubscribeToken(secret: string, address: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, address));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function unsubscribeUrl(publicUrl: string, secret: string, address: string): string {
  const url = new URL('/api/unsubscribe', publicUrl);
  url.searchParams.set('address', address);
  url.searchParams.set('token', unsubscribeToken(secret, address));
  return url.href;
}
