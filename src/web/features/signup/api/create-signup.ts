/**
 * POST /utility/signup (spec section 7): joins the early-access list. Resolves with the
 * server's answer on success; throws a SignupRequestError carrying the text to show otherwise.
 */
import type { SignupRequest, SignupResponse } from '../../../../contract/signup.ts';
import { SIGNUP_ACCEPTED_MESSAGE } from '../../../../contract/signup-types.ts';
import { apiUrl, readJson, textField } from '../../../lib/api.ts';

export const SIGNUP_PATH = '/utility/signup';

/** Spec section 8: a non-OK answer without an `error` text. */
export const SIGNUP_FAILED_MESSAGE = 'Signup failed';
export const NETWORK_ERROR_MESSAGE =
  'We couldn’t reach ReelScore. Check your connection and try again.';
export const TIMEOUT_MESSAGE = 'ReelScore took too long to answer. Please try again.';

/** Long enough for a slow mobile network, short enough that nobody waits on a dead request. */
export const SIGNUP_TIMEOUT_MS = 20_000;

export class SignupRequestError extends Error {
  /** HTTP status, or 0 when no answer arrived. */
  readonly status: number;

  constructor(message: string, status: number, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SignupRequestError';
    this.status = status;
  }
}

export interface SignupResult {
  status: number;
  body: SignupResponse;
}

export interface CreateSignupOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export async function createSignup(
  request: SignupRequest,
  { fetch: fetchImpl = fetch, timeoutMs = SIGNUP_TIMEOUT_MS }: CreateSignupOptions = {},
): Promise<SignupResult> {
  let response: Response;
  try {
    response = await fetchImpl(apiUrl(SIGNUP_PATH), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(request),
      credentials: 'same-origin',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new SignupRequestError(timedOut ? TIMEOUT_MESSAGE : NETWORK_ERROR_MESSAGE, 0, {
      cause: error,
    });
  }

  // Plain checks rather than the contract's zod schemas: they keep zod out of every page.
  const json = await readJson(response);
  if (!response.ok) {
    const message = textField(json, 'error').trim();
    throw new SignupRequestError(message || SIGNUP_FAILED_MESSAGE, response.status);
  }
  // The spec never reads the success body; an unexpected one still means the signup worked.
  return {
    status: response.status,
    body: { success: true, message: textField(json, 'message') || SIGNUP_ACCEPTED_MESSAGE },
  };
}
