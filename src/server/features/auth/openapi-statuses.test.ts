import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { adminHeaders } from '../../test/admin-session.ts';
import { Browser } from '../../test/listening-app.ts';
import {
  describeDocumentedStatuses,
  ADMIN,
  BIG_JSON,
  BROWSER,
  FORM,
  JSON_TYPE,
  TEXT,
  fetched,
  inject,
  without,
  type Answer,
} from '../../test/openapi-statuses.ts';
import { saveTransaction } from './transaction-repository.ts';

/** The sign-in transaction cookie the callback reads (auth-routes.ts). */
const TRANSACTION_COOKIE = '__Host-reelscore_signin';

/**
 * Sign-in, sessions and API tokens are called here the ways the server can answer them: the
 * happy path and each refusal (bad input, no session, not an admin, an API token, unknown id,
 * wrong content type, too large, too many, a failing database or identity provider).
 */
describeDocumentedStatuses(
  "the auth routes' documented statuses, against those the server sends",
  'auth',
  async ({ call, main, strained, garbled, admin, stranger }) => {
    async function apiTokenCalls(admin: Record<string, string>, stranger: Record<string, string>) {
      const app = main.app;
      const url = '/api/admin/tokens';
      const crossSite = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
      const create = (payload: string, headers: Record<string, string> = {}) =>
        inject(app, {
          method: 'POST',
          url,
          payload,
          headers: { ...admin, ...JSON_TYPE, ...headers },
        });
      const valid = '{"name":"nightly export","scope":"read"}';
      const created = await app.inject({
        method: 'POST',
        url,
        payload: valid,
        headers: { ...admin, ...JSON_TYPE },
      });
      const { token, apiToken } = created.json<{ token: string; apiToken: { id: string } }>();
      const bearer = { authorization: `Bearer ${token}` };

      await call('listApiTokens', 200, () => inject(app, { url, headers: admin }));
      await call('listApiTokens', 401, () => inject(app, { url }));
      await call('listApiTokens', 403, () => inject(app, { url, headers: stranger }));
      await call('listApiTokens', 403, () => inject(app, { url, headers: bearer }));
      await call('listApiTokens', 503, () =>
        without(main, 'api_tokens', () => inject(app, { url, headers: admin })),
      );

      await call('createApiToken', 201, () => create(valid));
      await call('createApiToken', 400, () => create('{"name":"","scope":"read"}'));
      await call('createApiToken', 401, () => inject(app, { method: 'POST', url, payload: valid }));
      await call('createApiToken', 403, () =>
        inject(app, {
          method: 'POST',
          url,
          payload: valid,
          headers: { ...stranger, ...JSON_TYPE },
        }),
      );
      await call('createApiToken', 403, () => create(valid, crossSite));
      await call('createApiToken', 403, () =>
        inject(app, { method: 'POST', url, payload: valid, headers: { ...bearer, ...JSON_TYPE } }),
      );
      await call('createApiToken', 413, () => create(BIG_JSON));
      await call('createApiToken', 415, () => create(valid, TEXT));
      await call('createApiToken', 503, () => without(main, 'api_tokens', () => create(valid)));

      const revoke = (id: string, headers: Record<string, string> = admin) =>
        inject(app, { method: 'DELETE', url: `${url}/${id}`, headers });
      await call('revokeApiToken', 503, () =>
        without(main, 'api_tokens', () => revoke(apiToken.id)),
      );
      await call('revokeApiToken', 403, () => revoke(apiToken.id, bearer));
      await call('revokeApiToken', 200, () => revoke(apiToken.id));
      await call('revokeApiToken', 400, () => revoke('x'.repeat(65)));
      await call('revokeApiToken', 401, () => revoke(apiToken.id, {}));
      await call('revokeApiToken', 403, () => revoke(apiToken.id, stranger));
      await call('revokeApiToken', 403, () => revoke(apiToken.id, { ...admin, ...crossSite }));
      await call('revokeApiToken', 404, () => revoke('no-such-token'));
    }

    async function authCalls(admin: Record<string, string>, stranger: Record<string, string>) {
      const app = main.app;
      await call('getSession', 200, () =>
        inject(app, { url: '/api/auth/session', headers: admin }),
      );
      await call('getSession', 401, () => inject(app, { url: '/api/auth/session' }));
      await call('getSession', 403, () =>
        inject(app, { url: '/api/auth/session', headers: stranger }),
      );
      const signOut = async (payload?: string, headers: Record<string, string> = {}) =>
        inject(app, {
          method: 'POST',
          url: '/api/auth/logout',
          headers: { ...(await adminHeaders(app, ADMIN)).headers, ...headers },
          ...(payload === undefined ? {} : { payload }),
        });
      await call('signOut', 204, () => signOut());
      await call('signOut', 400, () => signOut('{', JSON_TYPE));
      await call('signOut', 413, () => signOut(BIG_JSON, JSON_TYPE));
      await call('signOut', 415, () => signOut('bye', TEXT));

      // The popup's journey: our start, the provider's sign-in page, back to our callback.
      const browser = new Browser(main.origin);
      const start = await call('startSignIn', 303, async () =>
        fetched(await browser.request('/api/auth/login')),
      );
      expect(start.status).toBe(303);
      await call('startSignIn', 303, async () =>
        fetched(await browser.request('/api/auth/login?prompt=select_account')),
      );
      // A start asking for anything else: a page for the popup, JSON for a script.
      await call('startSignIn', 400, () =>
        inject(app, { url: '/api/auth/login?prompt=login', headers: BROWSER }),
      );
      await call('startSignIn', 400, () =>
        inject(app, {
          url: '/api/auth/login?prompt=login',
          headers: { accept: 'application/json' },
        }),
      );
      const { url: loginPage } = await browser.follow('/api/auth/login', (next) =>
        next.pathname.startsWith('/api/auth/local-login/'),
      );
      const submitted = await browser.request(loginPage.href, {
        method: 'POST',
        headers: FORM,
        body: new URLSearchParams({ email: ADMIN, name: 'Statuses' }).toString(),
      });
      const { url: callback } = await browser.follow(
        submitted.headers.get('location') ?? '',
        (next) => next.pathname === '/api/auth/callback',
      );
      await call('finishSignIn', 200, async () => fetched(await browser.request(callback.href)));
      await call('finishSignIn', 403, () => inject(app, { url: '/api/auth/callback?code=x' }));
    }

    /** Limits reached, and the identity provider gone. */
    async function strainedCalls() {
      const app = strained.app;
      const from = (remoteAddress: string, options: InjectOptions) => ({
        ...options,
        remoteAddress,
      });

      // Each start finds no provider (503) until the limit of the address is reached (429).
      const signIn = from('10.9.0.2', { url: '/api/auth/login', headers: BROWSER });
      await call('startSignIn', 503, () => inject(app, signIn));
      let limited: Answer | undefined;
      for (let n = 0; n < 100 && limited?.status !== 429; n++) limited = await inject(app, signIn);
      await call('startSignIn', 429, () => Promise.resolve(limited!));

      const transaction = await saveTransaction(
        app.database.db,
        { state: 'state', nonce: 'nonce', codeVerifier: 'verifier' },
        60_000,
      );
      await call('finishSignIn', 503, () =>
        inject(app, {
          url: '/api/auth/callback?code=x&state=state',
          headers: { cookie: `${TRANSACTION_COOKIE}=${transaction}`, ...BROWSER },
        }),
      );
    }

    async function garbledCalls() {
      const app = garbled.app;
      await call('startSignIn', 502, () =>
        inject(app, { url: '/api/auth/login', headers: BROWSER }),
      );
      const transaction = await saveTransaction(
        app.database.db,
        { state: 'state', nonce: 'nonce', codeVerifier: 'verifier' },
        60_000,
      );
      await call('finishSignIn', 502, () =>
        inject(app, {
          url: '/api/auth/callback?code=x&state=state',
          headers: { cookie: `${TRANSACTION_COOKIE}=${transaction}`, ...BROWSER },
        }),
      );
    }

    await apiTokenCalls(admin, stranger);
    await authCalls(admin, stranger);
    await strainedCalls();
    await garbledCalls();
  },
  { garbled: true },
);
