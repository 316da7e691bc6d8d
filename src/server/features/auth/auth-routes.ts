import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as client from 'openid-client';
import {
  ACCESS_DENIED_MESSAGE,
  AUTHENTICATION_REQUIRED_MESSAGE,
  adminUserSchema,
  type AdminUser,
} from '../../../contract/admin.ts';
import { adminErrorSchema } from '../../../contract/errors.ts';
import { SELECT_ACCOUNT, signInQuerySchema } from '../../../contract/sign-in.ts';
import { z } from '../../../contract/zod.ts';
import type { AppConfig } from '../../config.ts';
import { maskEmail } from '../../lib/mask.ts';
import { htmlPageResponse, pageOrJsonResponse } from '../../plugins/api-docs.ts';
import { dashboardRole, SESSION_COOKIE, sessionToken } from './admin-guard.ts';
import {
  IssuerUnavailableError,
  issuerConfiguration,
  issuerFault,
  providerName,
} from './issuer-availability.ts';
import { popupErrors, sendPopupResult } from './popup-result.ts';
import { createSession, findActiveSession, revokeSession } from './session-repository.ts';
import { saveTransaction, takeTransaction } from './transaction-repository.ts';

const TRANSACTION_COOKIE = '__Host-reelscore_signin';
const TRANSACTION_TTL_MS = 10 * 60_000;
const SIGN_IN_FAILED = 'Sign-in failed. Please try again.';
/**
 * Per client address. Each start writes a sign-in transaction row; a person starts a handful
 * a minute at most, even retrying.
 */
export const SIGN_IN_RATE_LIMIT = { max: 20, timeWindow: 60_000 };

export interface SignInSettings {
  configuration: () => Promise<client.Configuration>;
  /**
   * The `prompt` sent to the identity provider; `selectAccount` when the person asked to sign in
   * with another account. Google shows its account chooser for `select_account`; the embedded
   * provider shows its sign-in page again for `login`.
   */
  prompt: (selectAccount: boolean) => string | undefined;
  /**
   * Ends the identity provider's own session behind a refused sign-in (given its access token),
   * where that provider is ours, so that the next sign-in in that browser asks again.
   */
  endRefusedSession?: (accessToken: string) => Promise<void>;
}

export function authRoutes(app: FastifyInstance, config: AppConfig, signIn: SignInSettings) {
  const origin = new URL(config.publicUrl).origin;
  const redirectUri = `${origin}/api/auth/callback`;
  const provider = providerName(config.oidc?.issuer);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /**
   * A refused account must not be signed in again, unasked, by the provider's own session. The
   * refusal stands if that fails: the next start for another account asks the provider anyway.
   */
  async function endRefusedSession(request: FastifyRequest, accessToken: string | undefined) {
    if (!accessToken || !signIn.endRefusedSession) return;
    try {
      await signIn.endRefusedSession(accessToken);
    } catch (error) {
      request.log.error({ err: error }, "sign-in refused: the provider's session did not end");
    }
  }

  routes.get(
    '/api/auth/login',
    {
      schema: {
        operationId: 'startSignIn',
        summary: 'Start the admin sign-in (the page the sign-in popup opens)',
        description:
          'Redirects to the identity provider with PKCE, state and nonce; the provider sends ' +
          'the browser back to `/api/auth/callback`. Runs in the sign-in popup, so every ' +
          'failure is a page that reports to the window that opened it (a client that prefers ' +
          'JSON gets the JSON of a bad query instead).',
        tags: ['auth'],
        querystring: signInQuerySchema,
        response: {
          303: z.undefined().describe("To the identity provider's sign-in page (`Location`)."),
          400: pageOrJsonResponse(
            'The query asks for something other than `prompt=select_account`.',
            adminErrorSchema,
          ),
          429: htmlPageResponse('Too many sign-ins from this address; try again later.'),
          502: htmlPageResponse('The identity provider answered with something unusable.'),
          503: htmlPageResponse('The identity provider cannot be reached.'),
        },
      },
      config: { access: 'public', rateLimit: SIGN_IN_RATE_LIMIT },
      // The popup shows every failure as a page that reports to the dashboard.
      errorHandler: popupErrors(origin),
    },
    async (request, reply) => {
      // Before anything is stored: with the provider down, nothing is worth keeping.
      const configuration = await issuerConfiguration(signIn.configuration, provider);
      const codeVerifier = client.randomPKCECodeVerifier();
      const transaction = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier,
      };
      const id = await saveTransaction(app.database.db, transaction, TRANSACTION_TTL_MS);
      const prompt = signIn.prompt(request.query.prompt === SELECT_ACCOUNT);
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state: transaction.state,
        nonce: transaction.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        ...(prompt ? { prompt } : {}),
      });
      request.log.info({ prompt }, 'sign-in started');
      return reply
        .setCookie(TRANSACTION_COOKIE, id, {
          path: '/',
          httpOnly: true,
          secure: true,
          // Lax: the cookie must come back on the identity provider's top-level redirect.
          sameSite: 'lax',
          maxAge: TRANSACTION_TTL_MS / 1000,
        })
        .redirect(url.href, 303);
    },
  );

  routes.get(
    '/api/auth/callback',
    {
      schema: {
        operationId: 'finishSignIn',
        summary: 'Finish the admin sign-in (the identity provider redirects here)',
        description:
          "Verifies the provider's answer (`code`, `state`, `iss` in the query) and, for an " +
          'address on the admin allow-list, starts a session (the `__Host-reelscore_session` ' +
          'cookie). The page reports the result to the window that opened the popup and ' +
          'closes.',
        tags: ['auth'],
        response: {
          200: htmlPageResponse('Signed in; the session cookie is set.'),
          403: htmlPageResponse(
            'Refused: an expired or repeated sign-in, an answer that does not verify, or an ' +
              'address that is not on the admin allow-list.',
          ),
          502: htmlPageResponse('The identity provider answered with something unusable.'),
          503: htmlPageResponse('The identity provider cannot be reached.'),
        },
      },
      config: { access: 'public' },
      errorHandler: popupErrors(origin),
    },
    async (request, reply) => {
      reply.clearCookie(TRANSACTION_COOKIE, {
        path: '/',
        secure: true,
        httpOnly: true,
        sameSite: 'lax',
      });
      const id = request.cookies[TRANSACTION_COOKIE];
      const transaction = id ? await takeTransaction(app.database.db, id) : undefined;
      if (!transaction) {
        request.log.warn('sign-in refused: unknown, used or expired transaction');
        return sendPopupResult(reply, origin, {
          ok: false,
          error: 'This sign-in has expired. Please try again.',
        });
      }
      const configuration = await issuerConfiguration(signIn.configuration, provider);
      let claims: client.IDToken | undefined;
      let accessToken: string | undefined;
      try {
        const tokens = await client.authorizationCodeGrant(
          configuration,
          // The callback address we registered with the query that came back; never the raw
          // target, which may be absolute-form with another host.
          callbackUrl(redirectUri, request.url),
          {
            pkceCodeVerifier: transaction.codeVerifier,
            expectedState: transaction.state,
            expectedNonce: transaction.nonce,
            idTokenExpected: true,
          },
        );
        claims = tokens.claims();
        accessToken = tokens.access_token;
      } catch (error) {
        const fault = issuerFault(error);
        if (fault) throw new IssuerUnavailableError(fault, provider, error);
        request.log.warn(
          { err: describe(error) },
          'sign-in refused: the identity provider response did not verify',
        );
        return sendPopupResult(reply, origin, { ok: false, error: SIGN_IN_FAILED });
      }
      const email = typeof claims?.email === 'string' ? claims.email.trim().toLowerCase() : '';
      if (!claims || !email || claims.email_verified !== true) {
        request.log.warn('sign-in refused: no verified email address');
        await endRefusedSession(request, accessToken);
        return sendPopupResult(reply, origin, { ok: false, error: ACCESS_DENIED_MESSAGE });
      }
      if (!dashboardRole(config, email)) {
        request.log.warn(
          { email: maskEmail(email) },
          'sign-in refused: not on the admin allow-list',
        );
        await endRefusedSession(request, accessToken);
        return sendPopupResult(reply, origin, {
          ok: false,
          error: ACCESS_DENIED_MESSAGE,
          account: email,
        });
      }
      const { token } = await createSession(
        app.database.db,
        {
          uid: claims.sub,
          email,
          displayName: typeof claims.name === 'string' && claims.name ? claims.name : email,
          photoUrl: typeof claims.picture === 'string' ? claims.picture : null,
        },
        config.session,
      );
      request.log.info({ email: maskEmail(email) }, 'admin signed in');
      reply.setCookie(SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        secure: true,
        sameSite: 'strict',
        maxAge: Math.floor(config.session.absoluteMs / 1000),
      });
      return sendPopupResult(reply, origin, { ok: true });
    },
  );

  routes.get(
    '/api/auth/session',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'getSession',
        summary: 'The signed-in admin',
        tags: ['auth'],
        response: {
          200: adminUserSchema.describe('A live session of an allow-listed admin.'),
          401: adminErrorSchema.describe('No live session.'),
          403: adminErrorSchema.describe('The address is no longer on the admin allow-list.'),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const user = await currentAdmin(app, config, request);
      if (user === 'none')
        return reply.code(401).send({ message: AUTHENTICATION_REQUIRED_MESSAGE });
      if (user === 'denied') return reply.code(403).send({ message: ACCESS_DENIED_MESSAGE });
      return user;
    },
  );

  routes.post(
    '/api/auth/logout',
    {
      config: { access: 'public' },
      schema: {
        operationId: 'signOut',
        summary: 'Sign out: ends the session',
        tags: ['auth'],
        response: {
          204: z
            .undefined()
            .describe('Signed out (also without a session); the cookie is cleared.'),
          400: adminErrorSchema.describe('A body was sent and is not valid JSON.'),
          413: adminErrorSchema.describe('A body was sent and is larger than 16 KiB.'),
          415: adminErrorSchema.describe('A body was sent and is not JSON.'),
        },
      },
    },
    async (request, reply) => {
      const credential = sessionToken(request);
      if (credential) await revokeSession(app.database.db, credential.token);
      request.log.info('admin signed out');
      return reply
        .clearCookie(SESSION_COOKIE, {
          path: '/',
          secure: true,
          httpOnly: true,
          sameSite: 'strict',
        })
        .code(204)
        .send();
    },
  );
}

function callbackUrl(redirectUri: string, target: string): URL {
  const url = new URL(redirectUri);
  const queryAt = target.indexOf('?');
  url.search = queryAt === -1 ? '' : target.slice(queryAt);
  return url;
}

async function currentAdmin(
  app: FastifyInstance,
  config: AppConfig,
  request: FastifyRequest,
): Promise<AdminUser | 'none' | 'denied'> {
  const credential = sessionToken(request);
  if (!credential) return 'none';
  const session = await findActiveSession(app.database.db, credential.token, config.session);
  if (!session) return 'none';
  const role = dashboardRole(config, session.email);
  if (!role) return 'denied';
  return {
    uid: session.uid,
    email: session.email,
    displayName: session.displayName,
    photoURL: session.photoUrl,
    isAdmin: true,
    role,
  };
}

/** Error details for the log, without tokens (openid-client errors carry no secrets in `message`). */
function describe(error: unknown): { name: string; message: string; code?: string } {
  if (error instanceof Error) {
    return { name: error.name, message: error.message, code: (error as { code?: string }).code };
  }
  return { name: 'unknown', message: String(error) };
}
