import { describe, expect, it } from 'vitest';
import { confirmationToken, readConfirmationToken } from './confirmation-token.ts';
import { unsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.ts';
import { dataRequestToken, dataRequestUrl, verifyDataRequestToken } from './data-request-token.ts';
import { addressHash } from '../mail/suppression.ts';

const SECRET = 'k3Jd9-vQ2pXr7LmW0sTb4YhN8cGe1ZaF6uOi5RyE';
const ADDRESS = 'viewer@example.com';

describe('data-request tokens', () => {
  it('sign exactly one address under one secret', () => {
    const token = dataRequestToken(SECRET, ADDRESS);

    expect(verifyDataRequestToken(SECRET, ADDRESS, token)).toBe(true);
    expect(verifyDataRequestToken(SECRET, 'other@example.com', token)).toBe(false);
    expect(verifyDataRequestToken(`${SECRET}x`, ADDRESS, token)).toBe(false);
    for (const other of [token.slice(0, -1), `${token}A`, '', 'forged']) {
      expect(verifyDataRequestToken(SECRET, ADDRESS, other), other).toBe(false);
    }
  });

  it('are not unsubscribe or confirmation tokens, nor the other way round', () => {
    const unsubscribe = unsubscribeToken(SECRET, ADDRESS);
    const dataRequest = dataRequestToken(SECRET, ADDRESS);

    expect(dataRequest).not.toBe(unsubscribe);
    expect(verifyDataRequestToken(SECRET, ADDRESS, unsubscribe)).toBe(false);
    expect(verifyUnsubscribeToken(SECRET, ADDRESS, dataRequest)).toBe(false);
    // Nor a confirmation token, whatever it signs.
    const confirmation = confirmationToken(SECRET, {
      signupId: ADDRESS,
      issuedAt: new Date().toISOString(),
    });
    expect(verifyDataRequestToken(SECRET, ADDRESS, confirmation)).toBe(false);
    expect(readConfirmationToken(SECRET, `${dataRequest}.${dataRequest}`)).toEqual({
      status: 'invalid',
    });
  });

  it('make the link of the mail footer on PUBLIC_URL', () => {
    const url = new URL(dataRequestUrl('https://reelscore.test/', SECRET, ADDRESS));

    expect(url.origin + url.pathname).toBe('https://reelscore.test/api/data-request');
    expect(url.searchParams.get('address')).toBe(ADDRESS);
    expect(url.searchParams.get('token')).toBe(dataRequestToken(SECRET, ADDRESS));
  });
});

describe('address hashes', () => {
  it('are keyed, stable and the same for every spelling of one address', () => {
    const hash = addressHash(SECRET, ADDRESS);

    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(addressHash(SECRET, ' Viewer@Example.COM ')).toBe(hash);
    expect(addressHash(SECRET, 'other@example.com')).not.toBe(hash);
    // Without the secret the plain SHA-256 of the address does not find it.
    expect(addressHash(`${SECRET}x`, ADDRESS)).not.toBe(hash);
    expect(hash).not.toContain('viewer');
  });
});
