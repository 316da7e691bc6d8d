import * as client from 'openid-client';
import { LOCAL_APP_CLIENT_ID } from '../features/auth/embedded-provider.ts';
import { Browser } from './listening-app.ts';

const APP_REDIRECT = 'com.reelscore.app:/oauth2redirect';

/**
 * Signs in to the embedded provider of the app listening at `origin` as the mobile app would
 * (public client, PKCE) and returns the ID token it is issued.
 */
export async function appIdToken(origin: string, email: string): Promise<string> {
  const browser = new Browser(origin);
  const verifier = client.randomPKCECodeVerifier();
  const authorize = new URL('/oidc/auth', origin);
  authorize.search = new URLSearchParams({
    client_id: LOCAL_APP_CLIENT_ID,
    redirect_uri: APP_REDIRECT,
    response_type: 'code',
    scope: 'openid email profile',
    state: client.randomState(),
    nonce: client.randomNonce(),
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  }).toString();
  const { url: login } = await browser.follow(authorize.href, (next) =>
    next.pathname.startsWith('/api/auth/local-login/'),
  );
  const submitted = await browser.request(login.href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, name: 'App User' }).toString(),
  });
  const { url: redirect } = await browser.follow(
    submitted.headers.get('location') ?? '',
    (next) => next.protocol === 'com.reelscore.app:',
  );
  const token = await fetch(new URL('/oidc/token', origin), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: redirect.searchParams.get('code') ?? '',
      redirect_uri: APP_REDIRECT,
      client_id: LOCAL_APP_CLIENT_ID,
      code_verifier: verifier,
    }).toString(),
  });
  const body = (await token.json()) as { id_token?: string };
  if (!body.id_token) throw new Error(`no ID token: ${JSON.stringify(body)}`);
  return body.id_token;
}
