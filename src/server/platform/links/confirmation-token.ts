import { derivedKey, payloadToken, readPayloadToken } from './signed-links.ts';
import type { MailLinks } from '../mail/templates/template-definition.ts';

/** A confirmation link works this long after its mail was queued. */
export const CONFIRMATION_LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export const CONFIRMATION_PATH = '/api/signup/confirm';

/**
 * What a confirmation mail's outbox row carries (strings, as outbox params are) and its link
 * signs: the signup it confirms and when the link was made (ISO 8601).
 */
export interface ConfirmationParams {
  signupId: string;
  issuedAt: string;
}

export type ConfirmationTokenCheck =
  | { status: 'valid'; params: ConfirmationParams }
  /** Signed by us, so it proves the signup, but too old to confirm with. */
  | { status: 'expired'; params: ConfirmationParams }
  /** Not signed by us for this purpose: cut, changed, made up, or an unsubscribe token. */
  | { status: 'invalid' };

/**
 * The key for confirmation links only, derived from the mail secret: an unsubscribe token (signed
 * with the secret itself) can never pass as a confirmation token, nor the other way round.
 */
const confirmationKey = derivedKey('signup-confirmation');

/** `base64url(JSON {signupId, issuedAt}).signature`: nothing is stored, the signature is the proof. */
export function confirmationToken(secret: string, params: ConfirmationParams): string {
  return payloadToken(confirmationKey(secret), {
    signupId: params.signupId,
    issuedAt: params.issuedAt,
  });
}

function asParams(value: unknown): ConfirmationParams | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { signupId, issuedAt } = value as Record<string, unknown>;
  if (typeof signupId !== 'string' || typeof issuedAt !== 'string') return undefined;
  if (Number.isNaN(Date.parse(issuedAt))) return undefined;
  return { signupId, issuedAt };
}

/** Checks the signature before reading anything the token says. */
export function readConfirmationToken(
  secret: string,
  token: string,
  now = new Date(),
): ConfirmationTokenCheck {
  const params = asParams(readPayloadToken(confirmationKey(secret), token));
  if (!params) return { status: 'invalid' };
  const age = now.getTime() - Date.parse(params.issuedAt);
  return { status: age > CONFIRMATION_LINK_LIFETIME_MS ? 'expired' : 'valid', params };
}

export function confirmationUrl(
  publicUrl: string,
  secret: string,
  params: ConfirmationParams,
): string {
  const url = new URL(CONFIRMATION_PATH, publicUrl);
  url.searchParams.set('token', confirmationToken(secret, params));
  return url.href;
}

/**
 * The links a queued confirmation mail adds to its template's (the outbox worker renders it with
 * them). Params without a signup or time (a row some other version wrote) give none; the
 * template then links its sample, whose page explains that the link is not valid.
 */
export function confirmationLinks(
  publicUrl: string,
  secret: string,
  params: Record<string, string>,
): Pick<MailLinks, 'confirmUrl'> {
  const { signupId, issuedAt } = params;
  if (!signupId || !issuedAt) return {};
  return { confirmUrl: confirmationUrl(publicUrl, secret, { signupId, issuedAt }) };
}
