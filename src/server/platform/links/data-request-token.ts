import {
  addressLinkUrl,
  addressToken,
  derivedKey,
  verifyAddressToken,
  type AddressLinkKind,
} from './signed-links.ts';

export const DATA_REQUEST_PATH = '/api/data-request';
/** The delete link's own page: GET asks, a POST with `confirm=delete` erases. */
export const DATA_ERASURE_PATH = `${DATA_REQUEST_PATH}/erase`;
/** What the erasure's POST must carry: the confirmation page's button sends it. */
export const ERASURE_CONFIRMATION = 'delete';

/**
 * Data-request links have a key of their own, derived from the mail secret: an unsubscribe token
 * (signed with the secret itself) or a confirmation token never passes as a data-request token,
 * nor the other way round. These links can send a copy of a person's data and erase it, so they
 * must not be made from a link that only unsubscribes.
 */
const DATA_REQUEST: AddressLinkKind = { purpose: 'data-request', key: derivedKey('data-request') };

/** A per-address token: only we can make one, and it names exactly one address. */
export function dataRequestToken(secret: string, address: string): string {
  return addressToken(DATA_REQUEST, secret, address);
}

export function verifyDataRequestToken(secret: string, address: string, token: string): boolean {
  return verifyAddressToken(DATA_REQUEST, secret, address, token);
}

/** The page a mail's "Get a copy of your data" links to. */
export function dataRequestUrl(publicUrl: string, secret: string, address: string): string {
  return addressLinkUrl(DATA_REQUEST, DATA_REQUEST_PATH, publicUrl, secret, address);
}

/**
 * The page a mail's "Delete your data" links to: the same signed token, its own page, which
 * asks once more before anything is deleted.
 */
export function dataErasureUrl(publicUrl: string, secret: string, address: string): string {
  return addressLinkUrl(DATA_REQUEST, DATA_ERASURE_PATH, publicUrl, secret, address);
}
