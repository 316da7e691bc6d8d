/**
 * One person's address in any spelling, for the referral checks (decision 0040): the service
 * keeps every address as it was given (lower-cased), and these forms only compare addresses.
 */

/** Domains that deliver `first.last+tag@` and `firstlast@` to one mailbox. */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

function split(email: string): { local: string; domain: string } {
  const at = email.lastIndexOf('@');
  return { local: email.slice(0, at).toLowerCase(), domain: email.slice(at + 1).toLowerCase() };
}

/**
 * The mailbox an address reaches: lower case, without a `+tag`, and at Gmail (and its old
 * googlemail.com name) without dots.
 */
export function canonicalAddress(email: string): string {
  const parts = split(email);
  let local = parts.local.split('+')[0] ?? '';
  let domain = parts.domain;
  if (DOTLESS_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/**
 * The shape of an address: its mailbox without digits or separators (`ann.lee7`, `annlee_12`
 * and `ann-lee` share `annlee`), so a run of made-up addresses stands out among a person's
 * referrals. Addresses too short to say anything (fewer than 3 letters) have no shape.
 */
export function addressShape(email: string): string | undefined {
  const canonical = canonicalAddress(email);
  const at = canonical.lastIndexOf('@');
  const letters = canonical.slice(0, at).replace(/[\d._-]/g, '');
  if (letters.length < 3) return undefined;
  return `${letters}@${canonical.slice(at + 1)}`;
}
