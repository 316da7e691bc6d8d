import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paginationOf } from '../../platform/lists/list-page.ts';
import {
  signupsQuerySchema,
  signupsResponseSchema,
  type SignupRecord,
} from '../../../contract/admin.ts';
import { notOneMailbox } from '../../platform/lists/address-problems.ts';
import { adminErrorResponses, noStore, orUnavailable } from '../../platform/http/admin-request.ts';
import { listSignups, type SignupListItem } from './signup-list-repository.ts';

export const SIGNUPS_UNAVAILABLE_MESSAGE =
  "We couldn't load the signups right now. Please try again in a moment.";

function toRecord(item: SignupListItem, marked: Set<string>): SignupRecord {
  return {
    id: item.id,
    email: item.email,
    type: item.program,
    source: item.source,
    createdAt: item.createdAt.toISOString(),
    ...(item.registeredAt ? { registeredAt: item.registeredAt.toISOString() } : {}),
    isWhitelisted: item.isWhitelisted,
    lastSignupAt: item.lastSignupAt.toISOString(),
    signupCount: item.signupCount,
    ...(item.confirmedAt ? { confirmedAt: item.confirmedAt.toISOString() } : {}),
    ...(marked.has(item.email) ? { notOneMailbox: true } : {}),
    ...(item.place === undefined ? {} : { place: item.place }),
    ...(item.referrals > 0 ? { referrals: item.referrals } : {}),
    ...(item.products.length > 0 ? { products: item.products } : {}),
  };
}

export function signupListRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/signups',
    {
      config: { access: 'viewer' },
      schema: {
        operationId: 'listSignups',
        summary: 'List early-access signups',
        description:
          'Newest first (then by id) unless `sort`/`order` say otherwise. `search` matches any ' +
          'part of the address, ignoring case; `confirmation`, `whitelisted`, `registered`, ' +
          '`type`, `source`, `from` and `to` narrow the list, all together; ' +
          '`pagination.total` counts every signup that matches; with a search, up to 10,000 ' +
          '(`pagination.totalExact` is false past that).',
        tags: ['admin'],
        querystring: signupsQuerySchema,
        response: {
          200: signupsResponseSchema.describe('One page of the matching signups.'),
          ...adminErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const { limit, offset } = request.query;
      const { items, total, marked } = await orUnavailable(
        SIGNUPS_UNAVAILABLE_MESSAGE,
        async () => {
          const page = await listSignups(app.database.db, request.query);
          const emails = page.items.map((item) => item.email);
          return { ...page, marked: await notOneMailbox(app.database.db, emails) };
        },
      );
      noStore(reply);
      return {
        signups: items.map((item) => toRecord(item, marked)),
        pagination: paginationOf(total, limit, offset),
      };
    },
  );
}
