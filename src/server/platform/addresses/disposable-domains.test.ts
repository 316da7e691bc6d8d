import { domainToASCII } from 'node:url';
import { disposableEmailBlocklist } from 'disposable-email-domains-js';
import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../../config.ts';
import { asciiDomain, disposableAddressCheck, emailDomain } from './disposable-domains.ts';

const isDisposable = disposableAddressCheck();

describe('emailDomain', () => {
  it.each([
    ['viewer@Example.COM', 'example.com'],
    ['"a@b"@example.com', 'example.com'],
    ['viewer@example.com.', 'example.com'],
    ['viewer@münchen.de', 'xn--mnchen-3ya.de'],
    ['viewer@ｅｘａｍｐｌｅ.com', 'example.com'],
    ['viewer@exam\u00adple.com', 'example.com'],
    ['viewer@a<b.example.com', 'a<b.example.com'],
  ])('reads %s as %s', (email, domain) => {
    expect(emailDomain(email)).toBe(domain);
  });
});

/** `asciiDomain` as it was before names IDNA maps to themselves skipped the mapping. */
function mappedDomain(domain: string): string {
  const text = domain.trim();
  let name = domainToASCII(text) || text.toLowerCase();
  while (name.endsWith('.')) name = name.slice(0, -1);
  return name;
}

/** Every name of length 1 to 3 over a few of each kind of character, and some of them in pairs. */
function shortNames(): string[] {
  const characters = ['a', 'x', 'n', 'z', '0', '7', '-', 'A', 'é', '_', ' ', '\u00ad', '．'];
  let labels = [''];
  const all: string[] = [];
  for (let length = 1; length <= 3; length += 1) {
    labels = labels.flatMap((label) => characters.map((character) => label + character));
    all.push(...labels);
  }
  const some = all.filter((_, index) => index % 7 === 0);
  return [...all, ...some.flatMap((a) => some.slice(0, 40).map((b) => `${a}.${b}`))];
}

describe('asciiDomain', () => {
  it.each([
    ['0x7f.1', '127.0.0.1'],
    ['a.1', 'a.1'],
    ['xn--mnchen-3ya.de', 'xn--mnchen-3ya.de'],
    ['XN--MNCHEN-3YA.de', 'xn--mnchen-3ya.de'],
    ['mail.acme-films.se', 'mail.acme-films.se'],
    ['ab--cd.com', 'ab--cd.com'],
  ])('writes %s as %s', (domain, written) => {
    expect(asciiDomain(domain)).toBe(written);
  });

  it('writes every name as the IDNA mapping does, plain or not', () => {
    const names = [
      ...shortNames(),
      ...disposableEmailBlocklist(),
      'xn--abc.com',
      'a.xn--p1ai',
      'xn--.com',
      '0x1.0x2',
      '1.2.3.4',
      'a.0x',
      'x'.repeat(70) + '.com',
      'a.b.c.d.e.f.example',
    ];
    expect(names.length).toBeGreaterThan(20_000);
    expect(names.filter((name) => asciiDomain(name) !== mappedDomain(name))).toEqual([]);
  });
});

describe('disposableAddressCheck', () => {
  it.each([
    'someone@mailinator.com',
    'someone@guerrillamail.com',
    'someone@yopmail.com',
    'someone@10minutemail.com',
    'someone@sharklasers.com',
  ])('refuses %s, a well-known throwaway service', (email) => {
    expect(isDisposable(email)).toBe(true);
  });

  it.each([
    ['a subdomain', 'someone@x.mailinator.com'],
    ['a deeper subdomain', 'someone@a.b.mailinator.com'],
    ['upper case', 'SOMEONE@MAILINATOR.COM'],
    ['the root’s trailing dot', 'someone@mailinator.com.'],
    ['full-width letters', 'someone@ｍａｉｌｉｎａｔｏｒ.com'],
    ['a soft hyphen inside', 'someone@mail\u00adinator.com'],
    ['a character no host name may hold', 'someone@a<b.mailinator.com'],
  ])('refuses the listed domain written with %s', (_label, email) => {
    expect(isDisposable(email)).toBe(true);
  });

  it.each([
    'someone@gmail.com',
    'someone@example.com',
    'someone@reelscore.app',
    'someone@mail.acme-films.se',
    'someone@münchen.de',
    // Privacy relays forward to a real inbox for as long as the person keeps them.
    'someone@duck.com',
    'someone@mozmail.com',
    // Only parents are looked up, never a name that merely ends like a listed one.
    'someone@acmemailinator.com',
    'someone@mailinator.com.example.org',
  ])('accepts %s', (email) => {
    expect(isDisposable(email)).toBe(false);
  });

  it('never treats a top-level domain alone as a provider', () => {
    expect(isDisposable('someone@com')).toBe(false);
  });

  it('decides as a walk over the split labels would, empty labels included', () => {
    const allowedNames = ['team.mailinator.com', 'yopmail.com'];
    const listed = new Set(disposableEmailBlocklist().map(asciiDomain));
    const allowed = new Set(allowedNames);
    // The domain's names from the whole down to the parent just above its last label.
    const reference = (email: string) => {
      const labels = emailDomain(email).split('.');
      for (let start = 0; start < labels.length - 1; start += 1) {
        const name = labels.slice(start).join('.');
        if (allowed.has(name)) return false;
        if (listed.has(name)) return true;
      }
      return false;
    };
    const check = disposableAddressCheck(allowedNames);
    const domains = disposableEmailBlocklist()
      .filter((_, index) => index % 10 === 0)
      .concat(['mailinator.com', 'yopmail.com', 'com', '', '.', '..', 'gmail.com']);
    const emails = domains.flatMap((domain) =>
      ['', 'x.', 'team.', 'a..', '.', 'a.b.'].flatMap((prefix) =>
        ['', '.', '.example'].map((suffix) => `someone@${prefix}${domain}${suffix}`),
      ),
    );
    const decided = emails.map(check);
    expect(decided.filter(Boolean).length).toBeGreaterThan(1000);
    expect(emails.filter((email, index) => decided[index] !== reference(email))).toEqual([]);
  });

  it('lets an operator allow a listed domain and every name below it', () => {
    const check = disposableAddressCheck([' Mailinator.COM. ']);
    expect(check('someone@mailinator.com')).toBe(false);
    expect(check('someone@team.mailinator.com')).toBe(false);
    expect(check('someone@yopmail.com')).toBe(true);
  });

  it('keeps a listed parent when only one of its subdomains is allowed', () => {
    const check = disposableAddressCheck(['team.mailinator.com']);
    expect(check('someone@team.mailinator.com')).toBe(false);
    expect(check('someone@mailinator.com')).toBe(true);
    expect(check('someone@other.mailinator.com')).toBe(true);
  });

  it('holds every entry of the list, each as asciiDomain writes it', () => {
    const entries = disposableEmailBlocklist();
    expect(entries.length).toBeGreaterThan(5000);
    expect(entries.filter((entry) => asciiDomain(entry) !== entry)).toEqual([]);
    expect(entries.filter((entry) => !isDisposable(`someone@${entry}`))).toEqual([]);
  });
});

describe('DISPOSABLE_DOMAINS_ALLOWED', () => {
  it('is empty by default', () => {
    expect(parseEnv({}).DISPOSABLE_DOMAINS_ALLOWED).toEqual([]);
  });

  it('reads comma-separated domain names', () => {
    const env = parseEnv({ DISPOSABLE_DOMAINS_ALLOWED: ' Mailinator.com , ,münchen.de' });
    expect(env.DISPOSABLE_DOMAINS_ALLOWED).toEqual(['mailinator.com', 'münchen.de']);
  });

  it.each(['team@mailinator.com', 'not a domain'])('refuses %s', (value) => {
    expect(() => parseEnv({ DISPOSABLE_DOMAINS_ALLOWED: value })).toThrow(ConfigError);
  });
});
