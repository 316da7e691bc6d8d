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

/**
 * The spec's browser rule: the simple shape within the RFC 5321 lengths, without control
 * characters. The site checks it before a call; the server asks more (`isMailbox`).
 */
export function isValidEmail(value: string): boolean {
  if (value.length > EMAIL_MAX_LENGTH || hasControlCharacters(value)) return false;
  if (!hasEmailShape(value)) return false;
  const localPart = value.slice(0, value.lastIndexOf('@'));
  return localPart.length <= EMAIL_LOCAL_PART_MAX_LENGTH;
}

/**
 * Characters that change how an address reads without being seen: format characters (`\p{Cf}`:
 * bidirectional overrides such as U+202E, zero-width spaces and joiners, the BOM, tag
 * characters), the other default-ignorable code points (variation selectors, fillers), and
 * unassigned, private-use or lone surrogate code units.
 */
const INVISIBLE_CHARACTERS = /[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Cn}\p{Co}\p{Cs}]/u;

export function hasInvisibleCharacters(value: string): boolean {
  return INVISIBLE_CHARACTERS.test(value);
}

const SHOWN_ESCAPED =
  /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\p{Cn}\p{Co}\p{Cs}]/gu;

/**
 * The text with each invisible or control character written as its code point (`\u{202E}`), so
 * an address shown to an admin reads as what it is, not as the address it imitates.
 */
export function revealInvisible(value: string): string {
  return value.replace(
    SHOWN_ESCAPED,
    (character) => `\\u{${character.codePointAt(0)!.toString(16).toUpperCase()}}`,
  );
}

/**
 * One dot-atom: RFC 5321 atext (\x60 is the backtick), or a letter, mark or digit beyond ASCII
 * (SMTPUTF8, RFC 6531). Punctuation beyond ASCII, such as the fullwidth @ and comma, is refused.
 */
const ATOM = String.raw`[a-z0-9!#$%&'*+/=?^_\x60{|}~\-\p{L}\p{M}\p{N}]+`;
const HOST_CHARACTER = String.raw`[a-z0-9\p{L}\p{M}\p{N}]`;
const LABEL = String.raw`${HOST_CHARACTER}(?:(?:${HOST_CHARACTER}|-)*${HOST_CHARACTER})?`;
const MAILBOX = new RegExp(`^${ATOM}(?:\\.${ATOM})*@${LABEL}(?:\\.${LABEL})+$`, 'iu');

/**
 * Exactly one mailbox, `local@domain`, as an SMTP envelope carries it: a dot-atom local part (no
 * quoted strings, comments, display names or angle brackets) and a host name of letters, digits
 * and hyphens. The spec's shape lets through text that mail libraries read as a list of
 * addresses (`a@x.com,b@y.com`, `a<b@y.com>`, `"a,b"@x.com`, `(c)a@x.com`), and invisible
 * characters that make one address look like another (`ceo\u200b@example.com`). Every address
 * the service stores or mails passes this rule.
 */
export function isMailbox(value: string): boolean {
  return isValidEmail(value) && !hasInvisibleCharacters(value) && MAILBOX.test(value);
}

/**
 * Trims, composes (NFC) and lower-cases, so one person is one row whatever they typed: the key
 * of the list, of suppression and unsubscription, and of the per-address limits.
 */
export function normaliseEmail(value: string): string {
  return value.trim().normalize('NFC').toLowerCase();
}
