import { createHmac, timingSafeEqual } from 'node:crypto';

export const DATA_REQUEST_PATH = '/api/data-request';
/** The delete link's own page: GET asks, a POST with `confirm=delete` erases. */
export const DATA_ERASURE_PATH = `${DATA_REQUEST_PATH}/erase`;
/** What the erasure's POST must carry: the confirmation page's button sends it. */
export const ERASURE_CONFIRMATION = 'delete';

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

function signedUrl(path: string, publicUrl: string, secret: string, address: string): string {
  const url = new URL(path, publicUrl);
  url.searchParams.set('address', address);
  url.searchParams.set('token', dataRequestToken(secret, address));
  return url.href;
}

/** The page a mail's "Get a copy of your data" links to. */
export function dataRequestUrl(publicUrl: string, secret: string, address: string): string {
  return signedUrl(DATA_REQUEST_PATH, publicUrl, secret, address);
}

/**
 * The page a mail's "Delete your data" links to: the same signed token, its own page, which
 * asks once more before anything is deleted.
 */
export function dataErasureUrl(publicUrl: string, secret: string, address: string): string {
  return signedUrl(DATA_ERASURE_PATH, publicUrl, secret, address);
}
