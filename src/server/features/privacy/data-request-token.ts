import { createHmac, timingSafeEqual } from 'node:crypto';

export const DATA_REQUEST_PATH = '/api/data-request';

/**
 * The key for data-request links only, derived from the mail secret: an unsubscribe token
 * (signed with the secret itself) or a confirmation token (its own derived key) never passes as
 * a data-request token, nor the other way round. These links can send a copy of a person's data
 * and erase it, so they must not be made from a link that only unsubscribes.
 */
function dataRequestKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('data-request').digest();
}

/** A per-address token: only we can make one, and it names exactly one address. */
export function dataRequestToken(secret: string, address: string): string {
  return createHmac('sha256', dataRequestKey(secret))
    .update(`data-request\n${address}`)
    .digest('base64url');
}

export function verifyDataRequestToken(secret: string, address: string, token: string): boolean {
  const expected = Buffer.from(dataRequestToken(secret, address));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The page a mail's footer links to: a copy of the recipient's data, or its erasure. */
export function dataRequestUrl(publicUrl: string, secret: string, address: string): string {
  const url = new URL(DATA_REQUEST_PATH, publicUrl);
  url.searchParams.set('address', address);
  url.searchParams.set('token', dataRequestToken(secret, address));
  return url.href;
}
