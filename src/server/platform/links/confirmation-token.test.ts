import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { unsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.ts';
import {
  CONFIRMATION_LINK_LIFETIME_MS,
  confirmationLinks,
  confirmationToken,
  confirmationUrl,
  readConfirmationToken,
} from './confirmation-token.ts';

const SECRET = 'k3Jd9-vQ2pXr7LmW0sTb4YhN8cGe1ZaF6uOi5RyE';
const issuedAt = new Date(Date.UTC(2026, 2, 1, 9, 30));
const params = {
  signupId: '0195f0c2-7d1e-7a3b-9c4d-5e6f7a8b9c0d',
  issuedAt: issuedAt.toISOString(),
};
const after = (ms: number) => new Date(issuedAt.getTime() + ms);

/** Flips one character of the token at `index` to another base64url character. */
function changed(token: string, index: number): string {
  const char = token[index] === 'A' ? 'B' : 'A';
  return token.slice(0, index) + char + token.slice(index + 1);
}

describe('confirmation tokens', () => {
  it('give back the signup and time they sign, for 7 days', () => {
    const token = confirmationToken(SECRET, params);

    expect(readConfirmationToken(SECRET, token, issuedAt)).toEqual({ status: 'valid', params });
    expect(readConfirmationToken(SECRET, token, after(CONFIRMATION_LINK_LIFETIME_MS))).toEqual({
      status: 'valid',
      params,
    });
  });

  it('expire after 7 days, still naming the signup they prove', () => {
    const token = confirmationToken(SECRET, params);

    expect(readConfirmationToken(SECRET, token, after(CONFIRMATION_LINK_LIFETIME_MS + 1))).toEqual({
      status: 'expired',
      params,
    });
  });

  it('refuse any changed character, a cut token, another secret and made-up text', () => {
    const token = confirmationToken(SECRET, params);
    const dot = token.indexOf('.');

    for (const index of [0, dot - 1, dot + 1, token.length - 1]) {
      expect(readConfirmationToken(SECRET, changed(token, index), issuedAt)).toEqual({
        status: 'invalid',
      });
    }
    for (const other of [
      token.slice(0, -1),
      token.slice(0, dot),
      `${token}.x`,
      '',
      '.',
      'not-a-token',
      confirmationToken('another secret of enough length and randomness 8f2k', params),
    ]) {
      expect(readConfirmationToken(SECRET, other, issuedAt)).toEqual({ status: 'invalid' });
    }
  });

  it('refuse a payload we signed that names no signup or time', () => {
    const key = createHmac('sha256', SECRET).update('signup-confirmation').digest();
    const forged = (body: string) => {
      const payload = Buffer.from(body).toString('base64url');
      return `${payload}.${createHmac('sha256', key).update(payload).digest('base64url')}`;
    };

    // The derived key is the right one: a well-formed payload passes.
    expect(readConfirmationToken(SECRET, forged(JSON.stringify(params)), issuedAt).status).toBe(
      'valid',
    );
    for (const body of [
      '{"signupId":"x"}',
      '{"signupId":1,"issuedAt":"2026-03-01T09:30:00.000Z"}',
      '{"signupId":"x","issuedAt":"yesterday"}',
      'null',
      'not json',
    ]) {
      expect(readConfirmationToken(SECRET, forged(body), issuedAt)).toEqual({ status: 'invalid' });
    }
  });

  it('serve one purpose: an unsubscribe token never confirms, a confirmation never unsubscribes', () => {
    const address = 'viewer@example.com';
    const unsubscribe = unsubscribeToken(SECRET, address);
    const confirmation = confirmationToken(SECRET, params);
    // Signed with the mail secret itself rather than the key derived for confirmations.
    const payload = confirmation.split('.')[0]!;
    const withMailSecret = `${payload}.${createHmac('sha256', SECRET).update(payload).digest('base64url')}`;

    expect(readConfirmationToken(SECRET, unsubscribe, issuedAt)).toEqual({ status: 'invalid' });
    expect(readConfirmationToken(SECRET, `${payload}.${unsubscribe}`, issuedAt)).toEqual({
      status: 'invalid',
    });
    expect(readConfirmationToken(SECRET, withMailSecret, issuedAt)).toEqual({ status: 'invalid' });
    expect(verifyUnsubscribeToken(SECRET, address, confirmation)).toBe(false);
    expect(verifyUnsubscribeToken(SECRET, address, confirmation.split('.')[1]!)).toBe(false);
  });

  it('make the link of the mail from the public address, and none without a signup', () => {
    const url = new URL(confirmationUrl('https://reelscore.app/', SECRET, params));

    expect(url.origin + url.pathname).toBe('https://reelscore.app/api/signup/confirm');
    expect(readConfirmationToken(SECRET, url.searchParams.get('token')!, issuedAt)).toEqual({
      status: 'valid',
      params,
    });
    expect(confirmationLinks('https://reelscore.app', SECRET, params)).toEqual({
      confirmUrl: url.href,
    });
    expect(
      confirmationLinks('https://reelscore.app', SECRET, { issuedAt: params.issuedAt }),
    ).toEqual({});
  });
});
