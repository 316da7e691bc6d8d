import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { confirmationToken } from './confirmation-token.ts';
import { PLACE_LINK_LIFETIME_S, placeToken, placeUrl, readPlaceToken } from './place-link.ts';

const SECRET = 'a-test-secret-of-enough-length-0123456789';
const ID = '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';

describe('the place link', () => {
  it('names the signup, not the address, and reads back', async () => {
    const token = await placeToken(SECRET, ID);
    expect(await readPlaceToken(SECRET, token)).toBe(ID);
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      sub?: string;
    };
    expect(payload.sub).toBe(ID);
    expect(JSON.stringify(payload)).not.toContain('@');
  });

  it('works for a year and not a second longer', async () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const token = await placeToken(SECRET, ID, now);
    const almost = new Date(now.getTime() + (PLACE_LINK_LIFETIME_S - 60) * 1000);
    const after = new Date(now.getTime() + (PLACE_LINK_LIFETIME_S + 60) * 1000);
    expect(await readPlaceToken(SECRET, token, almost)).toBe(ID);
    expect(await readPlaceToken(SECRET, token, after)).toBeUndefined();
  });

  it('reads a token again from its memory of verified tokens, expiry and secret still checked', async () => {
    const now = new Date('2026-03-01T00:00:00Z');
    const token = await placeToken(SECRET, ID, now);
    for (let view = 0; view < 3; view += 1)
      expect(await readPlaceToken(SECRET, token, now)).toBe(ID);
    // Verified and remembered under SECRET: still nothing under another secret, nor after a year.
    expect(
      await readPlaceToken('another-secret-of-enough-length-987654', token, now),
    ).toBeUndefined();
    expect(await readPlaceToken(SECRET, token, now)).toBe(ID);
    const after = new Date(now.getTime() + (PLACE_LINK_LIFETIME_S + 1) * 1000);
    expect(await readPlaceToken(SECRET, token, after)).toBeUndefined();
    // A token one character off is verified on its own (and refused), never taken from memory.
    const at = token.lastIndexOf('.') + 5;
    const changed = `${token.slice(0, at)}${token[at] === 'A' ? 'B' : 'A'}${token.slice(at + 1)}`;
    expect(await readPlaceToken(SECRET, changed, now)).toBeUndefined();
  });

  it('refuses another secret, a changed token, other kinds and other algorithms', async () => {
    const token = await placeToken(SECRET, ID);
    expect(await readPlaceToken('another-secret-of-enough-length-987654', token)).toBeUndefined();
    const [head, body, signature] = token.split('.');
    const other = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body ?? '', 'base64url').toString()), sub: 'x' }),
    ).toString('base64url');
    expect(await readPlaceToken(SECRET, `${head}.${other}.${signature}`)).toBeUndefined();
    expect(await readPlaceToken(SECRET, `${head}.${body}.`)).toBeUndefined();
    expect(await readPlaceToken(SECRET, '')).toBeUndefined();
    expect(await readPlaceToken(SECRET, 'x'.repeat(5000))).toBeUndefined();
    const confirmation = confirmationToken(SECRET, {
      signupId: ID,
      issuedAt: '2026-01-01T00:00:00Z',
    });
    expect(await readPlaceToken(SECRET, confirmation)).toBeUndefined();
    // Signed with the raw secret rather than the derived key: not ours.
    const raw = await new SignJWT({ purpose: 'place-link' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(ID)
      .setIssuer('reelscore')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    expect(await readPlaceToken(SECRET, raw)).toBeUndefined();
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${body}.`;
    expect(await readPlaceToken(SECRET, unsigned)).toBeUndefined();
  });

  it('makes an absolute link on the public address', async () => {
    const url = new URL(await placeUrl('https://reelscore.example', SECRET, ID));
    expect(url.origin + url.pathname).toBe('https://reelscore.example/place');
    expect(await readPlaceToken(SECRET, url.searchParams.get('token') ?? '')).toBe(ID);
  });
});
