import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { paginationOf } from '../../platform/lists/list-page.ts';
import { usersQuerySchema, usersResponseSchema, type UserRecord } from '../../../contract/admin.ts';
import { notOneMailbox } from '../../platform/lists/address-problems.ts';
import { adminErrorResponses, noStore, orUnavailable } from '../../platform/http/admin-request.ts';
import { listUsers, type UserListItem } from './user-list-repository.ts';

export const USERS_UNAVAILABLE_MESSAGE =
  "We couldn't load the users right now. Please try again in a moment.";

function toRecord(item: UserListItem, marked: Set<string>): UserRecord {
  return {
    uid: item.uid,
    email: item.email,
    isWhitelisted: item.isWhitelisted,
    ...(item.signupDate ? { signupDate: item.signupDate.toISOString() } : {}),
    ...(item.registrationDate ? { registrationDate: item.registrationDate.toISOString() } : {}),
    ...(item.confirmedAt ? { confirmedAt: item.confirmedAt.toISOString() } : {}),
    ...(item.place === undefined ? {} : { place: item.place }),
    ...(item.referrals > 0 ? { referrals: item.referrals } : {}),
    ...(item.products.length > 0 ? { products: item.products } : {}),
    ...(marked.has(item.email) ? { notOneMailbox: true } : {}),
  };
}

export function userListRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/admin/users',
    {
      config: { access: 'viewer' },
      schema: {
        operationId: 'listUsers',
        summary: 'List every known address',
        description:
          'Every address that signed up, is whitelisted or registered in the app, most recent ' +
          'activity (signup, whitelisting or registration) first, then by address. `search` ' +
          'matches any part of the address, ignoring case; `confirmation` keeps addresses whose ' +
          'signup is confirmed or pending; `whitelisted` and `registered` narrow by those states, ' +
          "and `type`, `source`, `from` and `to` by the address's signup. `sort`/`order` change " +
          'the order. An address that was only whitelisted leaves the list when it is removed ' +
          'from the whitelist. `pagination.total` counts every address that matches; with a ' +
          'search, up to 10,000 (`pagination.totalExact` is false past that).',
        tags: ['admin'],
        querystring: usersQuerySchema,
        response: {
          200: usersResponseSchema.describe('One page of the matching addresses.'),
          ...adminErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const { limit, offset } = request.query;
      const { items, total, marked } = await orUnavailable(USERS_UNAVAILABLE_MESSAGE, async () => {
        const page = await listUsers(app.database.db, request.query);
        const emails = page.items.map((item) => item.email);
        return { ...page, marked: await notOneMailbox(app.database.db, emails) };
      });
      noStore(reply);
      return {
        users: items.map((item) => toRecord(item, marked)),
        pagination: paginationOf(total, limit, offset),
      };
    },
  );
}
