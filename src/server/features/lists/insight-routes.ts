import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminCountsSchema,
  auditQuerySchema,
  auditResponseSchema,
} from '../../../contract/admin-insights.ts';
import { adminErrorResponses, noStore, orUnavailable } from '../../platform/http/admin-request.ts';
import { listAudit, readCounts } from './insight-repository.ts';

export const COUNTS_UNAVAILABLE_MESSAGE =
  "We couldn't load the figures right now. Please try again in a moment.";
export const AUDIT_UNAVAILABLE_MESSAGE =
  "We couldn't load the audit log right now. Please try again in a moment.";

const { 400: _noQuery, ...readErrorResponses } = adminErrorResponses;

/** The figures above the lists and the audit log: reads, so viewers may call them too. */
export function insightRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/admin/counts',
    {
      config: { access: 'viewer' },
      schema: {
        operationId: 'getAdminCounts',
        summary: 'Figures at a glance',
        description:
          'Signups in all, confirmed, whitelisted addresses, addresses the early-access ' +
          'invitation was sent to, registered addresses, and signups since 00:00 UTC.',
        tags: ['admin'],
        response: {
          200: adminCountsSchema.describe('The figures, read now.'),
          ...readErrorResponses,
        },
      },
    },
    async (_request, reply) => {
      const counts = await orUnavailable(COUNTS_UNAVAILABLE_MESSAGE, () =>
        readCounts(app.database.db),
      );
      noStore(reply);
      return counts;
    },
  );

  routes.get(
    '/api/admin/audit',
    {
      config: { access: 'viewer' },
      schema: {
        operationId: 'listAuditLog',
        summary: 'Who did what to which address, and when',
        description:
          'Newest first. `actor` and `target` match any part, ignoring case; `action` is exact.',
        tags: ['admin'],
        querystring: auditQuerySchema,
        response: {
          200: auditResponseSchema.describe('One page of the matching entries.'),
          ...adminErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const { limit, offset } = request.query;
      const { items, total } = await orUnavailable(AUDIT_UNAVAILABLE_MESSAGE, () =>
        listAudit(app.database.db, request.query),
      );
      noStore(reply);
      return {
        entries: items.map((item) => ({ ...item, at: item.at.toISOString() })),
        pagination: { total, limit, offset },
      };
    },
  );
}
