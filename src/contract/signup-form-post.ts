/**
 * The signup form without JavaScript: a plain form POST (form-encoded) to SIGNUP_FORM_ACTION.
 * Accepted, it redirects to the thank-you page; refused, it answers the prerendered problem
 * page with its slots filled in (the message, the address typed and the form's type).
 * Shared by the server and the site (no zod).
 */
export const SIGNUP_FORM_ACTION = '/signup';
export const SIGNUP_THANKS_PATH = '/signup/thanks';
export const SIGNUP_PROBLEM_PATH = '/signup/problem';

/** Text in the prerendered problem page that the server replaces, HTML-escaped. */
export const SIGNUP_PROBLEM_SLOTS = {
  message: '__SIGNUP_PROBLEM_MESSAGE__',
  email: '__SIGNUP_PROBLEM_EMAIL__',
  signupType: '__SIGNUP_PROBLEM_TYPE__',
} as const;
