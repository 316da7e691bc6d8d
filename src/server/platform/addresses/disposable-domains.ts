/**
 * Addresses at disposable-mail domains are refused at signup (decision 0017). The list comes
 * from disposable-email-domains-js, the npm release of the community-kept
 * disposable-email-domains list; it stays on the server, so the site's pages never carry it.
 */
import { disposableEmailBlocklist } from 'disposable-email-domains-js';
import { domainToASCII } from 'node:url';

export const DISPOSABLE_EMAIL_MESSAGE = 'Please use a permanent email address';

/**
 * Lower-case letters, digits and hyphens in dot-separated labels, none of them punycode (`xn--`),
 * the last one starting with a letter: a name IDNA maps to itself, as nearly every address's
 * domain is, so it skips the mapping (a few µs of every signup). The last label's letter keeps
 * out the names the URL standard reads as IPv4 numbers (`0x7f.1` is `127.0.0.1`).
 */
const PLAIN_NAME = /^(?:(?!xn--)[a-z0-9-]+\.)*(?!xn--)[a-z][a-z0-9-]*$/;

// Read once when the server starts: about 9,000 names, a few milliseconds.
const LISTED_DOMAINS: ReadonlySet<string> = new Set(disposableEmailBlocklist().map(asciiDomain));

/**
 * The name a mail server would deliver to: lower-cased and IDNA-mapped (full-width letters,
 * soft hyphens and ideographic dots become what they stand for; Unicode becomes punycode),
 * without spaces around it or the root's trailing dot. Text that is no host name at all is kept lower-cased, so its
 * parents are still looked up.
 */
export function asciiDomain(domain: string): string {
  if (PLAIN_NAME.test(domain)) return domain;
  const text = domain.trim();
  let name = domainToASCII(text) || text.toLowerCase();
  while (name.endsWith('.')) name = name.slice(0, -1);
  return name;
}

/** The domain of an address: everything after its last '@', as `asciiDomain` writes it. */
export function emailDomain(email: string): string {
  return asciiDomain(email.slice(email.lastIndexOf('@') + 1));
}

/**
 * Whether an address is at a listed domain or below one: the list names registrable domains
 * (`mailinator.com`), and a throwaway service answers on all its subdomains too. The nearest
 * name decides, so an operator's allowed domain (and all below it) wins over a listed parent.
 */
export function disposableAddressCheck(
  allowedDomains: Iterable<string> = [],
): (email: string) => boolean {
  const allowed = new Set([...allowedDomains].map(asciiDomain));
  return (email) => {
    const domain = emailDomain(email);
    // The domain, then each parent above its last label: a top-level domain alone is never a
    // mail provider.
    const last = domain.lastIndexOf('.');
    for (let start = 0; start <= last; start = domain.indexOf('.', start) + 1) {
      const name = start === 0 ? domain : domain.slice(start);
      if (allowed.has(name)) return false;
      if (LISTED_DOMAINS.has(name)) return true;
    }
    return false;
  };
}
