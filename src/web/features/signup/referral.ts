import { REFERRAL_FIELD } from '../../../contract/signup-types.ts';

/**
 * The referral code of the link a person came by (`/r/<code>` leads to `/signup?ref=<code>`;
 * `?ref=<code>` works on any page with a signup form). Read from the page's address only when it
 * is needed, never kept in a cookie or storage; the server ignores a code it does not know.
 */
const CODE = /^[a-z0-9]{1,64}$/;

export function referralFromUrl(search = globalThis.location?.search ?? ''): string | undefined {
  const code = new URLSearchParams(search).get(REFERRAL_FIELD) ?? '';
  return CODE.test(code) ? code : undefined;
}
