import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { whitelistRequestSchema, whitelistResponseSchema } from '../../../contract/admin.ts';
import { adminErrorSchema } from '../../../contract/errors.ts';
import { maskEmail } from '../../lib/mask.ts';
import { adminErrorResponses, currentAdmin, noStore, orUnavailable } from './admin-request.ts';
import { addToWhitelist, removeFromWhitelist } from './whitelist-repository.ts';

export const WHITELIST_UNAVAILABLE_MESSAGE =
  "We couldn't update the whitelist right now. Nothing was changed; please try again in a moment.";

const responses = {
  200: whitelistResponseSchema,
  ...adminErrorResponses,
  415: adminErrorSchema.describe('The body must be JSON.'),
};

export function whitelistRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/admin/whitelist/add',
    {
      schema: {
        summary: 'Add an address to the early-access whitelist',
        description:
          'Idempotent: adding a listed address answers the same and changes nothing. A change ' +
          'is written to the audit log in the same transaction.',
        tags: ['admin'],
        body: whitelistRequestSchema,
        response: responses,
      },
    },
    async (request, reply) => {
      const actor = currentAdmin(request).email;
      const { email } = request.body;
      const { changed } = await orUnavailable(WHITELIST_UNAVAILABLE_MESSAGE, () =>
        addToWhitelist(app.database.db, email, actor),
      );
      request.log.info(
        { email: maskEmail(email), actor: maskEmail(actor), changed },
        changed ? 'whitelist: address added' : 'whitelist: address was already listed',
      );
      noStore(reply);
      return { success: true as const, email, isWhitelisted: true };
    },
  );

  routes.delete(
    '/api/admin/whitelist/remove',
    {
      schema: {
        summary: 'Remove an address from the early-access whitelist',
        description:
          'Idempotent: removing an address that is not listed answers the same and changes ' +
          'nothing. A change is written to the audit log in the same transaction.',
        tags: ['admin'],
        body: whitelistRequestSchema,
        response: responses,
      },
    },
    async (request, reply) => {
      const actor = currentAdmin(request).email;
      const { email } = request.body;
      const { changed } = await orUnavailable(WHITELIST_UNAVAILABLE_MESSAGE, () =>
        removeFromWhitelist(app.database.db, email, actor),
      );
      request.log.info(
        { email: maskEmail(email), actor: maskEmail(actor), changed },
        changed ? 'whitelist: address removed' : 'whitelist: address was not listed',
      );
      noStore(reply);
      return { success: true as const, email, isWhitelisted: false };
    },
  );
}
