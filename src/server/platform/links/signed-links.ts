import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

/**
 * Signed links: every kind of link the product mails (unsubscribe, a copy of one's data, its
 * deletion, a signup's confirmation) proves itself with an HMAC-SHA256 under a key of its own,
 * derived from the mail secret for its purpose, so a token of one kind never passes as another.
 * Nothing is stored: the signature is the proof. The token formats are those of links already in
 * people's mailboxes and stay as they are (decision 0038).
 */

/** The key of one kind of link. */
export type LinkKey = (secret: string) => string | KeyObject;

/**
 * A key derived from the mail secret for `purpose` alone, as a KeyObject: Node checks a raw
 * Buffer key on every HMAC at several times the cost of the HMAC itself (about 11 µs against
 * 1.7). The last secret's key is kept: a page signs several links a view, and the secret
 * changes only with the settings.
 */
export function derivedKey(purpose: string): (secret: string) => KeyObject {
  let last: { secret: string; key: KeyObject } | undefined;
  return (secret) => {
    if (last?.secret !== secret) {
      last = {
        secret,
        key: createSecretKey(createHmac('sha256', secret).update(purpose).digest()),
      };
    }
    return last.key;
  };
}

/** The signature of `text` under `key`, in base64url. */
export function sign(key: string | KeyObject, text: string): string {
  return createHmac('sha256', key).update(text).digest('base64url');
}

/** Whether `given` is `expected`, in constant time. */
export function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A kind of link that names one address: `?address=…&token=…` on its page. */
export interface AddressLinkKind {
  /** What the token signs before the address (`<purpose>\n<address>`). */
  purpose: string;
  key: LinkKey;
}

export function addressToken(kind: AddressLinkKind, secret: string, address: string): string {
  return sign(kind.key(secret), `${kind.purpose}\n${address}`);
}

export function verifyAddressToken(
  kind: AddressLinkKind,
  secret: string,
  address: string,
  token: string,
): boolean {
  return sameSignature(token, addressToken(kind, secret, address));
}

/** The absolute link to `path` for `address`, signed for `kind`. */
export function addressLinkUrl(
  kind: AddressLinkKind,
  path: string,
  publicUrl: string,
  secret: string,
  address: string,
): string {
  const url = new URL(path, publicUrl);
  url.searchParams.set('address', address);
  url.searchParams.set('token', addressToken(kind, secret, address));
  return url.href;
}

/** A link that carries data: `base64url(JSON).signature`. */
export function payloadToken(key: string | KeyObject, value: unknown): string {
  const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

/** The JSON a payload token carries, checked before anything it says is read; undefined if not ours. */
export function readPayloadToken(key: string | KeyObject, token: string): unknown {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return undefined;
  if (!sameSignature(signature, sign(key, payload))) return undefined;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}
