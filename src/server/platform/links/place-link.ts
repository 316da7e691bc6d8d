import { SignJWT, jwtVerify } from 'jose';
import type { MailLinks } from '../mail/templates/template-definition.ts';
import { derivedKey } from './signed-links.ts';

/**
 * The person's own page, "your place" (decision 0040): a signed link that is the only authority,
 * with no account or password. Unlike the older links (signed-links.ts), this kind is new and has
 * new needs (an expiry of its own, a subject, room for more claims), so it is a JWT made with
 * `jose`: HS256 under a key derived from the mail secret for this purpose alone (a token of
 * another kind never passes as this one, nor the other way round). Its subject is the signup's
 * id, never the address; it works for a year, and every mail of the page gives a fresh one.
 * It lives on the floor so the waitlist feature can send a confirmed person to the page and the
 * mail can carry it without importing the feature that serves it.
 */

export const PLACE_PATH = '/place';
/** A place link works this long after it was made. */
export const PLACE_LINK_LIFETIME_S = 365 * 24 * 60 * 60;
/** Longer than any token we make (about 200 characters); the routes refuse more. */
export const PLACE_TOKEN_MAX_LENGTH = 600;

const PURPOSE = 'place-link';
const ISSUER = 'reelscore';
const placeKey = derivedKey(PURPOSE);

function keyBytes(secret: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(placeKey(secret).export());
}

/**
 * The verifying key, imported once per secret: jose imports raw bytes into a CryptoKey on every
 * call otherwise (a third of a verification's CPU).
 */
let verifyKey: { secret: string; key: Promise<CryptoKey> } | undefined;
function verifyingKey(secret: string): Promise<CryptoKey> {
  if (verifyKey?.secret !== secret) {
    const key = crypto.subtle.importKey(
      'raw',
      keyBytes(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['verify'],
    );
    verifyKey = { secret, key };
  }
  return verifyKey.key;
}

/**
 * Tokens already verified under the current secret, with their subject and expiry: a person's
 * page is viewed again and again with one link, and WebCrypto's HMAC costs about 70 µs of CPU a
 * verification. A token is the same string it was when jose verified it, so only its expiry is
 * checked again. Least recently used first out; bounded.
 */
const VERIFIED_MAX = 10_000;
let verified: { secret: string; tokens: Map<string, { sub: string; exp: number }> } | undefined;
function verifiedTokens(secret: string) {
  if (verified?.secret !== secret) verified = { secret, tokens: new Map() };
  return verified.tokens;
}

/** A signed token naming the signup `signupId`, valid for a year from `now`. */
export async function placeToken(
  secret: string,
  signupId: string,
  now = new Date(),
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ purpose: PURPOSE })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(signupId)
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + PLACE_LINK_LIFETIME_S)
    .sign(keyBytes(secret));
}

/**
 * The signup a place token names, checked signature, algorithm, purpose and expiry first;
 * undefined for anything else (cut, changed, expired, another kind of token).
 */
export async function readPlaceToken(
  secret: string,
  token: string,
  now = new Date(),
): Promise<string | undefined> {
  if (token.length === 0 || token.length > PLACE_TOKEN_MAX_LENGTH) return undefined;
  const tokens = verifiedTokens(secret);
  const known = tokens.get(token);
  if (known) {
    if (known.exp * 1000 <= now.getTime()) {
      tokens.delete(token);
      return undefined;
    }
    tokens.delete(token);
    tokens.set(token, known);
    return known.sub;
  }
  try {
    const { payload } = await jwtVerify(token, await verifyingKey(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      currentDate: now,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    if (payload['purpose'] !== PURPOSE || typeof payload.sub !== 'string') return undefined;
    if (typeof payload.exp === 'number') {
      if (tokens.size >= VERIFIED_MAX) tokens.delete(tokens.keys().next().value!);
      tokens.set(token, { sub: payload.sub, exp: payload.exp });
    }
    return payload.sub;
  } catch {
    return undefined;
  }
}

/** `path?token=…` with the token, relative to the site. */
export function placePath(
  token: string,
  path = PLACE_PATH,
  extra?: Record<string, string>,
): string {
  return `${path}?${new URLSearchParams({ ...extra, token }).toString()}`;
}

/** The absolute link to the person's page. */
export async function placeUrl(
  publicUrl: string,
  secret: string,
  signupId: string,
  now = new Date(),
): Promise<string> {
  const url = new URL(PLACE_PATH, publicUrl);
  url.searchParams.set('token', await placeToken(secret, signupId, now));
  return url.href;
}

/**
 * The links a queued "your place" mail adds (the outbox row carries its signup): the link is
 * signed when the mail leaves. Params without a signup give none; the template links its sample.
 */
export async function placeLinks(
  publicUrl: string,
  secret: string,
  params: Record<string, string>,
): Promise<Pick<MailLinks, 'placeUrl'>> {
  const { signupId } = params;
  if (!signupId) return {};
  return { placeUrl: await placeUrl(publicUrl, secret, signupId) };
}

/** The "your place" mail: the link to the person's page, after confirming and when asked again. */
export const YOUR_PLACE_TEMPLATE_ID = 'your-place';

const HOUR_MS = 60 * 60 * 1000;

/**
 * The outbox message of a "your place" mail to a signup: its link is signed when it leaves (the
 * row carries only the signup's id). One per signup and clock hour at most, so neither a
 * confirmation twice nor a run of "send me my link again" floods the inbox.
 */
export function yourPlaceMail(signup: { id: string; email: string }, now: Date) {
  return {
    to: signup.email,
    template: YOUR_PLACE_TEMPLATE_ID,
    params: { signupId: signup.id },
    requestedBy: 'system',
    dedupeKey: `${YOUR_PLACE_TEMPLATE_ID}:${signup.id}:${Math.floor(now.getTime() / HOUR_MS)}`,
    urgent: true,
    at: now,
  };
}
