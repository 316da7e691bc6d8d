/** Signup constants shared by the server and the site (no zod: the site's pages import them). */

/** The site's seven signup forms; each signup records the form it came from. */
export const SIGNUP_TYPES = [
  'general',
  'hero-top',
  'general-bottom',
  'get-app-top',
  'get-app-bottom',
  'get-extension-top',
  'get-extension-bottom',
] as const;
export type SignupType = (typeof SIGNUP_TYPES)[number];

/** Early-access programmes a signup can belong to; the current one comes from configuration. */
export const PROGRAM_TYPES = ['CLOSED_ALPHA', 'BETA', 'OPEN_BETA'] as const;
export type ProgramType = (typeof PROGRAM_TYPES)[number];

/** Name of the hidden field that people never see and bots fill in. */
export const HONEYPOT_FIELD = 'website';

/**
 * The referral code's field in the signup forms and the query parameter of a referral link on
 * any page (`?ref=<code>`; `/r/<code>` redirects there). It travels in the URL and the form only.
 */
export const REFERRAL_FIELD = 'ref';
/** Where a referral link sends its visitor: the signup page, with the code in its address. */
export const REFERRAL_LINK_PREFIX = '/r/';

export const UNKNOWN_SIGNUP_TYPE_MESSAGE = 'Unknown signup form';
export const BODY_NOT_OBJECT_MESSAGE = 'The request body must be a JSON object';

/** Shown in the thank-you panel, so typographic apostrophes as in the rest of the site's text. */
export const SIGNUP_ACCEPTED_MESSAGE =
  'You’re on the list! We’ll email you when your invitation is ready.';
