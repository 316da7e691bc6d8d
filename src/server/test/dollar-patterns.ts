import { isMailbox } from '../../contract/email-rules.ts';

/**
 * Every pattern a replacement string of `String.prototype.replace` expands (`$&` the match,
 * `` $` `` and `$'` the text before and after it, `$1` and `$01` a group, `$<name>` a named one,
 * `$$` a dollar), beside forms that look alike: none of them may change a value filled into a
 * page or a mail.
 */
export const DOLLAR_PATTERNS = [
  '$&',
  '$`',
  "$'",
  '$1',
  '$01',
  '$9',
  '$0',
  '$<name>',
  '$<>',
  '$$',
  '$$$',
  '$',
] as const;

/**
 * Addresses with each pattern in the local part that is one mailbox (`$<name>` and `$<>` are
 * not: an angle bracket makes a display-name form, which every way in refuses).
 */
export const DOLLAR_ADDRESSES = DOLLAR_PATTERNS.map(
  (pattern) => `aaa${pattern}bbb@example.com`,
).filter((address) => isMailbox(address));
