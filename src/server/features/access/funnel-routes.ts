import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { funnelQuerySchema, funnelResponseSchema } from '../../../contract/waves.ts';
import { adminErrorResponses, noStore, orUnavailable } from '../../platform/http/admin-request.ts';
import { readFunnel } from './funnel-repository.ts';

export const FUNNEL_UNAVAILABLE_MESSAGE =
  "We couldn't load the funnel right now. Please try again in a moment.";

/** The figures of the funnel charts. */
export function funnelRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/funnel',
    {
      config: { access: 'viewer' },
      schema: {
        operationId: 'getFunnel',
        summary: 'Signups per day by source, and the funnel to registration',
        description:
          'Over the last `days` UTC days, today included: signups per day and source (every ' +
          'day listed, empty ones too), and how many of those signups confirmed the address, ' +
          'were then invited (the early-access invitation delivered), then registered in the ' +
          'app, with the share of the previous stage and of all signups.',
        tags: ['admin'],
        querystring: funnelQuerySchema,
        response: {
          200: funnelResponseSchema.describe('The funnel of the period.'),
          ...adminErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const funnel = await orUnavailable(FUNNEL_UNAVAILABLE_MESSAGE, () =>
        readFunnel(app.database.db, request.query.days),
      );
      noStore(reply);
      return funnel;
    },
  );
}
