import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrorSchema } from '../../../contract/errors.ts';
import {
  leaderboardQuerySchema,
  leaderboardResponseSchema,
  referralDecisionRequestSchema,
  referralDecisionResponseSchema,
  referralsQuerySchema,
  referralsResponseSchema,
} from '../../../contract/referrals.ts';
import type { AppConfig } from '../../config.ts';
import { maskEmail } from '../../lib/mask.ts';
import {
  adminErrorResponses,
  currentAdmin,
  noStore,
  orUnavailable,
} from '../../platform/http/admin-request.ts';
import { decide, leaderboard, listReferrals } from './referral-repository.ts';

export const REFERRALS_UNAVAILABLE_MESSAGE =
  "We couldn't load the referrals right now. Please try again in a moment.";
export const DECISION_UNAVAILABLE_MESSAGE =
  "We couldn't record the decision right now; nothing was changed. Please try again.";

const DECISION_BODY_LIMIT = 64 * 1024;

/** The review of held referrals and the leaderboard of referrers (decision 0040). */
export function referralRoutes(app: FastifyInstance, config: AppConfig) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  routes.get(
    '/api/admin/referrals',
    {
      config: { access: 'viewer' },
      schema: {
        operationId: 'listReferrals',
        summary: 'Referrals of one status, with both addresses and the reasons for review',
        description:
          'Held referrals by default: the friend confirmed, but the referral looked like the ' +
          'owner in another spelling, the owner’s network, a burst or a run of similar ' +
          'addresses, so it waits for an admin. Newest first.',
        tags: ['admin'],
        querystring: referralsQuerySchema,
        response: {
          200: referralsResponseSchema.describe('One page of referrals.'),
          ...adminErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const page = await orUnavailable(REFERRALS_UNAVAILABLE_MESSAGE, () =>
        listReferrals(db(), request.query),
      );
      noStore(reply);
      return page;
    },
  );

  routes.post(
    '/api/admin/referrals/decide',
    {
      config: { access: 'admin' },
      bodyLimit: DECISION_BODY_LIMIT,
      schema: {
        operationId: 'decideReferrals',
        summary: 'Credit or reject held referrals',
        description:
          'In one transaction: each named referral that is still held is credited (its owner ' +
          'moves forward in line; webhook `referral.credited`) or rejected, and audited as ' +
          '`referral.credit` or `referral.reject`. Ids not held any more are left as they are ' +
          'and answered as `skipped`, so a repeated call changes nothing.',
        tags: ['admin'],
        body: referralDecisionRequestSchema,
        response: {
          200: referralDecisionResponseSchema.describe('What was decided now, and what was not.'),
          ...adminErrorResponses,
          413: adminErrorSchema.describe('The body is too large.'),
          415: adminErrorSchema.describe('The body must be JSON.'),
        },
      },
    },
    async (request, reply) => {
      const actor = currentAdmin(request).email;
      const { ids, decision } = request.body;
      const result = await orUnavailable(DECISION_UNAVAILABLE_MESSAGE, () =>
        decide(db(), ids, decision, actor, config.referrals),
      );
      request.log.info(
        { actor: maskEmail(actor), decision, decided: result.decided.length },
        'referrals: decided',
      );
      noStore(reply);
      return result;
    },
  );

  routes.get(
    '/api/admin/referrals/leaderboard',
    {
      config: { access: 'viewer' },
      schema: {
        operationId: 'getReferralLeaderboard',
        summary: 'The referrers with the most credited referrals',
        description:
          'Each with their credited, pending, held and rejected referrals; `flagged` when any ' +
          'was held for review or rejected.',
        tags: ['admin'],
        querystring: leaderboardQuerySchema,
        response: {
          200: leaderboardResponseSchema.describe('The top referrers.'),
          ...adminErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const referrers = await orUnavailable(REFERRALS_UNAVAILABLE_MESSAGE, () =>
        leaderboard(db(), request.query.limit),
      );
      noStore(reply);
      return { referrers };
    },
  );
}
