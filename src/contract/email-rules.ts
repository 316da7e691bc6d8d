/**
 * The email rules shared by the server and the site, without zod, so the site's pages can use
 * them without shipping a schema library.
 */

const WHITESPACE = /\s/;

/**
 * The spec's simple rule `^\S+@\S+\.\S+$` (non-space text, an @, non-space text, a dot,
 * non-space text) in linear time: that regex backtracks over every @ and dot, which takes
 * polynomial time on a crafted address at a public endpoint. As `\S+` may hold @ and dots too,
 * the rule holds when nothing is whitespace (as `\s` defines it) and some dot, not last, comes
 * at least two places after some @ that is not first; the first such @ leaves the most room.
 */
export function hasEmailShape(value: string): boolean {
  if (WHITESPACE.test(value)) return false;
  const at = value.indexOf('@', 1);
  if (at === -1) return false;
  const dot = value.indexOf('.', at + 2);
  return dot !== -1 && dot <= value.length - 2;
}

/** RFC 5321 limits: 64 octets for the local part, 254 for a whole forward path address. */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;

export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address';

// Control characters never belong in an address and would allow header injection in mail.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

export function isValidEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH || hasControlCharacters(value)) return false;
  if (!hasEmailShape(value)) return false;
  const localPart = value.slice(0, value.lastIndexOf('@'));
  return localPart.length <= EMAIL_LOCAL_PART_MAX_LENGTH;
}

/** Trims and lower-cases, so one person is one row whatever they typed. */
export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}
