import * as client from 'openid-client';
import { HttpError } from '../../lib/http-errors.ts';

/**
 * How the identity provider failed us, as the status of our answer: 503 when it cannot be
 * reached (refused, reset, no name, TLS failure, time-out), like every other dependency of this
 * service that is down; 502 when it answered but the answer was unusable (a server error, not
 * JSON, not a conforming response): we act as its gateway and it sent us garbage (RFC 9110
 * 15.6.3). Either way the person can only wait; the log keeps the cause.
 */
export type IssuerFault = 502 | 503;

/**
 * Not `OAUTH_INVALID_RESPONSE`: openid-client also reports a tampered `state` or `iss` that
 * way, which is a failed sign-in, not a failed provider.
 */
const GARBLED_ANSWERS = new Set([
  'OAUTH_RESPONSE_IS_NOT_CONFORM',
  'OAUTH_RESPONSE_IS_NOT_JSON',
  'OAUTH_PARSE_ERROR',
]);

function unreachable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth++) {
    // Node's fetch reports every connection failure (refused, DNS, TLS, reset) this way.
    if (cause instanceof TypeError && cause.message === 'fetch failed') return true;
    if (cause.name === 'TimeoutError' || cause.name === 'AbortError') return true;
    cause = cause.cause;
  }
  return false;
}

/**
 * The fault of the provider behind an error of openid-client, or undefined when the provider
 * answered properly and refused (a used code, a bad signature): that sign-in failed, not the
 * service.
 */
export function issuerFault(error: unknown): IssuerFault | undefined {
  if (unreachable(error)) return 503;
  if (error instanceof client.ClientError && GARBLED_ANSWERS.has(error.code ?? '')) return 502;
  if (error instanceof client.ResponseBodyError && error.status >= 500) return 502;
  return undefined;
}

/** What the person is told: Google in production, the local provider otherwise. */
export function providerName(issuer: string | undefined): string {
  if (!issuer) return 'the sign-in service';
  return new URL(issuer).hostname === 'accounts.google.com' ? 'Google' : 'the sign-in service';
}

export function unavailableMessage(fault: IssuerFault, provider: string): string {
  const reason =
    fault === 503 ? `we can't reach ${provider}` : `${provider} is not answering as expected`;
  return `Sign-in is unavailable right now: ${reason}. Please try again in a few minutes.`;
}

/** The provider failed; the popup says so (popup-result.ts) and the log keeps `cause`. */
export class IssuerUnavailableError extends HttpError {
  override name = 'IssuerUnavailableError';

  constructor(fault: IssuerFault, provider: string, cause: unknown) {
    super(fault, unavailableMessage(fault, provider), { cause });
  }
}

/**
 * The issuer's configuration (discovered on first use); any failure to get it is the
 * provider's fault, since nothing of the person's is involved yet.
 */
export async function issuerConfiguration(
  configuration: () => Promise<client.Configuration>,
  provider: string,
): Promise<client.Configuration> {
  try {
    return await configuration();
  } catch (error) {
    throw new IssuerUnavailableError(issuerFault(error) ?? 502, provider, error);
  }
}
