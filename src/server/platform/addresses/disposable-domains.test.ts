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
