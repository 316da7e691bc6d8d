import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import type { Configuration } from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idTokenVerifier } from './registration-routes.ts';

const APP = 'reelscore-app';
const OTHER = 'someone-elses-client';

/**
 * OpenID Connect Core 3.1.3.7: an ID token with several audiences must carry `azp`, and an `azp`
 * must be one of our clients. The issuer's keys are served over real HTTP, as Google's are.
 */
describe('ID tokens of the apps: audiences and the authorized party', () => {
  let server: Server;
  let issuer: string;
  let privateKey: CryptoKey;
  let verify: ReturnType<typeof idTokenVerifier>;

  beforeAll(async () => {
    const pair = await generateKeyPair('RS256', { extractable: true });
    privateKey = pair.privateKey;
    const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    server = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    issuer = `http://127.0.0.1:${port}`;
    const configuration = {
      serverMetadata: () => ({ issuer, jwks_uri: `${issuer}/jwks` }),
    } as unknown as Configuration;
    verify = idTokenVerifier({
      configuration: () => Promise.resolve(configuration),
      audiences: [APP],
    });
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const token = (claims: Record<string, unknown>) =>
    new SignJWT({ email: 'fan@example.com', email_verified: true, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(issuer)
      .setSubject('user-1')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);

  it('accepts a token for our app alone, with or without azp', async () => {
    await expect(verify(await token({ aud: APP }))).resolves.toMatchObject({ sub: 'user-1' });
    await expect(verify(await token({ aud: APP, azp: APP }))).resolves.toMatchObject({
      email: 'fan@example.com',
    });
  });

  it('accepts a token for several audiences only when azp names our app', async () => {
    await expect(verify(await token({ aud: [APP, OTHER], azp: APP }))).resolves.toMatchObject({
      sub: 'user-1',
    });
    await expect(verify(await token({ aud: [APP, OTHER] }))).rejects.toThrow(/no azp/);
    await expect(verify(await token({ aud: [APP, OTHER], azp: OTHER }))).rejects.toThrow(
      /another party/,
    );
  });

  it('refuses a token issued to another party, or not for us at all', async () => {
    await expect(verify(await token({ aud: APP, azp: OTHER }))).rejects.toThrow(/another party/);
    await expect(verify(await token({ aud: OTHER }))).rejects.toThrow();
  });
});
