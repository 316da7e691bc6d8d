import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { confirmationToken, readConfirmationToken } from './confirmation-token.ts';
import { dataRequestToken, verifyDataRequestToken } from './data-request-token.ts';
import { readPayloadToken } from './signed-links.ts';
import { unsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.ts';

const SECRET = 'a-mail-secret';
const ADDRESS = 'sam.viewer@example.com';
const hmac = (key: string | Buffer, text: string) =>
  createHmac('sha256', key).update(text).digest('base64url');

// Links already in people's mailboxes must keep working: each kind's token is written out here
// from its definition, not from the module that makes it.
describe('signed links keep the formats of the links already sent', () => {
  it('unsubscribe: HMAC of "unsubscribe\\n<address>" under the mail secret itself', () => {
    const token = hmac(SECRET, `unsubscribe\n${ADDRESS}`);
    expect(unsubscribeToken(SECRET, ADDRESS)).toBe(token);
    expect(verifyUnsubscribeToken(SECRET, ADDRESS, token)).toBe(true);
  });

  it('data request: HMAC of "data-request\\n<address>" under a key derived for it', () => {
    const key = createHmac('sha256', SECRET).update('data-request').digest();
    const token = hmac(key, `data-request\n${ADDRESS}`);
    expect(dataRequestToken(SECRET, ADDRESS)).toBe(token);
    expect(verifyDataRequestToken(SECRET, ADDRESS, token)).toBe(true);
  });

  it('confirmation: base64url JSON and its HMAC under a key derived for it', () => {
    const params = { signupId: 'su_1', issuedAt: '2026-11-20T10:00:00.000Z' };
    const key = createHmac('sha256', SECRET).update('signup-confirmation').digest();
    const payload = Buffer.from(JSON.stringify(params)).toString('base64url');
    const token = `${payload}.${hmac(key, payload)}`;
    expect(confirmationToken(SECRET, params)).toBe(token);
    expect(readConfirmationToken(SECRET, token, new Date('2026-11-21T00:00:00Z'))).toEqual({
      status: 'valid',
      params,
    });
  });

  it('no kind passes as another', () => {
    const unsubscribe = unsubscribeToken(SECRET, ADDRESS);
    const dataRequest = dataRequestToken(SECRET, ADDRESS);
    expect(verifyDataRequestToken(SECRET, ADDRESS, unsubscribe)).toBe(false);
    expect(verifyUnsubscribeToken(SECRET, ADDRESS, dataRequest)).toBe(false);
    expect(readConfirmationToken(SECRET, `e30.${unsubscribe}`)).toEqual({ status: 'invalid' });
  });

  it('a payload token read under another key, cut or with more parts is not read', () => {
    const token = confirmationToken(SECRET, { signupId: 'su_1', issuedAt: '2026-11-20T10:00:00Z' });
    expect(readPayloadToken('another key', token)).toBeUndefined();
    expect(readPayloadToken(SECRET, token.slice(0, -2))).toBeUndefined();
    expect(readPayloadToken(SECRET, `${token}.x`)).toBeUndefined();
  });
});
