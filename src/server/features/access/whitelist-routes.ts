import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { whitelistRequestSchema, whitelistResponseSchema } from '../../../contract/admin.ts';
import { adminErrorSchema } from '../../../contract/errors.ts';
import { maskEmail } from '../../lib/mask.ts';
import {
  adminErrorResponses,
  currentAdmin,
  noStore,
  orUnavailable,
} from '../../platform/http/admin-request.ts';
import { addToWhitelist, removeFromWhitelist } from './whitelist-repository.ts';

export const WHITELIST_UNAVAILABLE_MESSAGE =
  "We couldn't update the whitelist right now. Nothing was changed; please try again in a moment.";

const responses = {
  200: whitelistResponseSchema.describe('Done (or nothing to do); the address as it now is.'),
  ...adminErrorResponses,
  413: adminErrorSchema.describe('The body is larger than 16 KiB.'),
  415: adminErrorSchema.describe('The body must be JSON.'),
};

interface WhitelistChange {
  method: 'POST' | 'DELETE';
  url: string;
  operationId: string;
  summary: string;
  description: string;
  change: typeof addToWhitelist;
  /** The address's state after the call. */
  isWhitelisted: boolean;
  logs: { changed: string; unchanged: string };
}

const changes: WhitelistChange[] = [
  {
    method: 'POST',
    url: '/api/admin/whitelist/add',
    operationId: 'addToWhitelist',
    summary: 'Add an address to the early-access whitelist',
    description:
      'Idempotent: adding a listed address answers the same and changes nothing. A change ' +
      'is written to the audit log in the same transaction.',
    change: addToWhitelist,
    isWhitelisted: true,
    logs: {
      changed: 'whitelist: address added',
      unchanged: 'whitelist: address was already listed',
    },
  },
  {
    method: 'DELETE',
    url: '/api/admin/whitelist/remove',
    operationId: 'removeFromWhitelist',
    summary: 'Remove an address from the early-access whitelist',
    description:
      'Idempotent: removing an address that is not listed answers the same and changes ' +
      'nothing. A change is written to the audit log in the same transaction.',
    change: removeFromWhitelist,
    isWhitelisted: false,
    logs: { changed: 'whitelist: address removed', unchanged: 'whitelist: address was not listed' },
  },
];

export function whitelistRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  for (const {
    method,
    url,
    operationId,
    summary,
    description,
    change,
    isWhitelisted,
    logs,
  } of changes) {
    routes.route({
      method,
      url,
      config: { access: 'admin' },
      schema: {
        operationId,
        summary,
        description,
        tags: ['admin'],
        body: whitelistRequestSchema,
        response: responses,
      },
      handler: async (request, reply) => {
        const actor = currentAdmin(request).email;
        const { email } = request.body;
        const { changed } = await orUnavailable(WHITELIST_UNAVAILABLE_MESSAGE, () =>
          change(app.database.db, email, actor),
        );
        request.log.info(
          { email: maskEmail(email), actor: maskEmail(actor), changed },
          changed ? logs.changed : logs.unchanged,
        );
        noStore(reply);
        return { success: true as const, email, isWhitelisted };
      },
    });
  }
}
