import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { Configuration } from 'openid-client';
import { AUTHENTICATION_REQUIRED_MESSAGE } from '../../../contract/admin.ts';
import {
  NOT_WHITELISTED_MESSAGE,
  registrationResponseSchema,
} from '../../../contract/app-registration.ts';
import { INVALID_EMAIL_MESSAGE, isMailbox, normaliseEmail } from '../../../contract/email-rules.ts';
import { adminErrorSchema } from '../../../contract/errors.ts';
import { clientKey } from '../../lib/client-key.ts';
import { maskEmail } from '../../lib/mask.ts';
import { isWhitelisted, registerAppUser } from './registration-repository.ts';

export interface RegistrationSettings {
  configuration: () => Promise<Configuration>;
  /** Client ids the apps sign in with: an ID token must be issued to one of them. */
  audiences: string[];
  /** Calls one client may make in a window (APP_RATE_LIMIT_*). */
  rateLimit: { max: number; windowMs: number };
}

/**
 * Verifies an ID token of the configured issuer: signature (the issuer's published keys),
 * issuer, audience, expiry; and a verified address.
 */
export function idTokenVerifier(
  settings: Pick<RegistrationSettings, 'configuration' | 'audiences'>,
) {
  let keys: ReturnType<typeof createRemoteJWKSet> | undefined;
  return async (token: string): Promise<JWTPayload & { email: string }> => {
    const metadata = (await settings.configuration()).serverMetadata();
    if (!metadata.jwks_uri) throw new Error('the issuer publishes no keys');
    keys ??= createRemoteJWKSet(new URL(metadata.jwks_uri));
    const { payload } = await jwtVerify(token, keys, {
      issuer: metadata.issuer,
      audience: settings.audiences,
      clockTolerance: 30,
    });
    // OpenID Connect Core 3.1.3.7 (6, 7): a token for several audiences must name the party it
    // was issued to, and that party must be one of ours.
    const audiences = [payload.aud ?? []].flat();
    if (audiences.length > 1 && typeof payload.azp !== 'string') {
      throw new Error('a token for several audiences has no azp claim');
    }
    if (payload.azp !== undefined && !settings.audiences.includes(payload.azp as string)) {
      throw new Error('the token was issued to another party (azp)');
    }
    if (typeof payload.email !== 'string' || payload.email_verified !== true || !payload.sub) {
      throw new Error('no verified email address in the token');
    }
    return { ...payload, email: normaliseEmail(payload.email) };
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified ID token of an `access: 'app'` call. */
    appIdentity: (JWTPayload & { email: string }) | null;
  }
}

/**
 * The check of every route that declares `access: 'app'`: a valid ID token of an app client.
 * Each client's calls are counted first, so a flood of made-up tokens is refused (429) before
 * any is verified against the issuer's keys.
 */
function registerAppTokenCheck(app: FastifyInstance, settings: RegistrationSettings) {
  const verify = idTokenVerifier(settings);
  const limit = app.rateLimit({
    max: settings.rateLimit.max,
    timeWindow: settings.rateLimit.windowMs,
    keyGenerator: (request) => `app:${clientKey(request.ip, request.socket.remoteAddress)}`,
  });
  app.decorateRequest('appIdentity', null);
  app.defineAccessCheck('app', async (request, reply) => {
    await limit.call(app, request, reply);
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match?.[1]) return reply.code(401).send({ message: AUTHENTICATION_REQUIRED_MESSAGE });
    try {
      request.appIdentity = await verify(match[1]);
    } catch (error) {
      request.log.warn(
        { reason: error instanceof Error ? error.message : 'unknown' },
        'app call refused: ID token did not verify',
      );
      return reply
        .code(401)
        .send({ message: 'The sign-in token is not valid. Please sign in again.' });
    }
  });
}

export function registrationRoutes(app: FastifyInstance, settings: RegistrationSettings) {
  registerAppTokenCheck(app, settings);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/app/register',
    {
      config: { access: 'app' },
      schema: {
        operationId: 'registerAppUser',
        summary: 'Register a signed-in app user',
        description:
          'For the closed-alpha apps: send the ID token of the signed-in user as ' +
          '`Authorization: Bearer <id_token>`. Allowed only for whitelisted addresses; ' +
          'registering again returns the first registration.',
        tags: ['app'],
        response: {
          200: registrationResponseSchema.describe('Registered (now or by an earlier call).'),
          400: adminErrorSchema.describe(
            'A body was sent and is not valid JSON, or the token names no single mailbox.',
          ),
          401: adminErrorSchema.describe('No ID token, or one that does not verify.'),
          403: adminErrorSchema.describe('The address is not on the early-access whitelist.'),
          409: adminErrorSchema.describe('The address is registered to another account.'),
          413: adminErrorSchema.describe('A body was sent and is larger than 16 KiB.'),
          415: adminErrorSchema.describe('A body was sent and is not JSON.'),
          429: adminErrorSchema.describe('Too many calls from this address; try again later.'),
        },
      },
    },
    async (request, reply) => {
      const claims = request.appIdentity;
      if (!claims) return reply.code(401).send({ message: AUTHENTICATION_REQUIRED_MESSAGE });
      // An issuer's verified address is still text: only one mailbox is ever stored.
      if (!isMailbox(claims.email)) return reply.code(400).send({ message: INVALID_EMAIL_MESSAGE });
      if (!(await isWhitelisted(app.database.db, claims.email))) {
        request.log.info(
          { email: maskEmail(claims.email) },
          'app registration refused: not whitelisted',
        );
        return reply.code(403).send({ message: NOT_WHITELISTED_MESSAGE });
      }
      const registration = await registerAppUser(app.database.db, claims.sub!, claims.email);
      if (!registration) {
        return reply.code(409).send({ message: 'This address is registered to another account.' });
      }
      request.log.info({ email: maskEmail(claims.email) }, 'app user registered');
      return registration;
    },
  );
}
