import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_TOKEN_NOT_FOUND_MESSAGE,
  apiTokenListSchema,
  apiTokenParamsSchema,
  apiTokenSchema,
  createApiTokenRequestSchema,
  createdApiTokenSchema,
} from '../../../contract/api-tokens.ts';
import { adminErrorSchema } from '../../../contract/errors.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { maskEmail } from '../../lib/mask.ts';
import {
  adminErrorResponses,
  currentAdmin,
  noStore,
  orUnavailable,
} from '../../platform/http/admin-request.ts';
import { createApiToken, listApiTokens, revokeApiToken } from './api-token-repository.ts';

export const API_TOKENS_UNAVAILABLE_MESSAGE =
  "We couldn't reach the API tokens right now. Nothing was changed; please try again in a moment.";

/** A session only: an API token is refused here, so no token can mint or revoke tokens. */
const errorResponses = {
  ...adminErrorResponses,
  401: adminErrorSchema.describe('No valid admin session.'),
  403: adminErrorSchema.describe(
    'The session is not on the admin allow-list, the change is cross-site, or the credential ' +
      'is an API token (these routes need a signed-in session).',
  ),
};

/** The list takes no input, so it has no 400. */
const { 400: _noInput, ...listErrorResponses } = errorResponses;

/** Creating, listing and revoking the API tokens scripts use (features/auth/admin-guard.ts). */
export function apiTokenRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  routes.get(
    '/api/admin/tokens',
    {
      config: { access: 'admin-session' },
      schema: {
        operationId: 'listApiTokens',
        summary: 'List the API tokens',
        description: 'Every token, revoked and expired ones included; never the token itself.',
        tags: ['admin'],
        response: { 200: apiTokenListSchema, ...listErrorResponses },
      },
    },
    async (_request, reply) => {
      const tokens = await orUnavailable(API_TOKENS_UNAVAILABLE_MESSAGE, () => listApiTokens(db()));
      noStore(reply);
      return { tokens };
    },
  );

  routes.post(
    '/api/admin/tokens',
    {
      config: { access: 'admin-session' },
      schema: {
        operationId: 'createApiToken',
        summary: 'Create an API token',
        description:
          'The answer holds the token once; only its hash is stored. Written to the audit log ' +
          'in the same transaction.',
        tags: ['admin'],
        body: createApiTokenRequestSchema,
        response: {
          201: createdApiTokenSchema.describe('Created; copy the token now.'),
          ...errorResponses,
          413: adminErrorSchema.describe('The body is larger than 16 KiB.'),
          415: adminErrorSchema.describe('The body must be JSON.'),
        },
      },
    },
    async (request, reply) => {
      const actor = currentAdmin(request).email;
      const created = await orUnavailable(API_TOKENS_UNAVAILABLE_MESSAGE, () =>
        createApiToken(db(), { ...request.body, createdBy: actor }),
      );
      request.log.info(
        { actor: maskEmail(actor), token: created.apiToken.prefixHint },
        'api token created',
      );
      noStore(reply);
      return reply.code(201).send(created);
    },
  );

  routes.delete(
    '/api/admin/tokens/:id',
    {
      config: { access: 'admin-session' },
      schema: {
        operationId: 'revokeApiToken',
        summary: 'Revoke an API token',
        description:
          'It stops working at once. Idempotent: revoking a revoked token answers the same and ' +
          'changes nothing. A revocation is written to the audit log in the same transaction.',
        tags: ['admin'],
        params: apiTokenParamsSchema,
        response: {
          200: apiTokenSchema.describe('Revoked; the token as it now is.'),
          ...errorResponses,
          404: adminErrorSchema.describe('No token has this id.'),
        },
      },
    },
    async (request, reply) => {
      const actor = currentAdmin(request).email;
      const revoked = await orUnavailable(API_TOKENS_UNAVAILABLE_MESSAGE, () =>
        revokeApiToken(db(), request.params.id, actor),
      );
      if (!revoked) throw new HttpError(404, API_TOKEN_NOT_FOUND_MESSAGE);
      request.log.info({ actor: maskEmail(actor), token: revoked.prefixHint }, 'api token revoked');
      noStore(reply);
      return revoked;
    },
  );
}
