import { pageParameters, paginationSchema } from './admin.ts';
import { z } from './zod.ts';

/**
 * The admin's review of referrals (decision 0040): the referrals held for review with the
 * reasons they were held, the admin's decision on them, and the leaderboard of referrers. An
 * admin sees both addresses; the owner of a link only ever sees counts.
 */

export const HOLD_REASONS = ['same-person', 'same-network', 'burst', 'similar'] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

export const REFERRAL_STATUSES = ['pending', 'credited', 'held', 'rejected'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

export const REFERRAL_DECISIONS = ['credit', 'reject'] as const;
export type ReferralDecision = (typeof REFERRAL_DECISIONS)[number];

export const REFERRALS_PAGE_SIZE = 50;
/** Referrals one decision may name. */
export const MAX_REFERRAL_DECISION = 500;
export const LEADERBOARD_SIZE = 20;
export const MAX_LEADERBOARD_SIZE = 100;

const STATUS_MESSAGE = 'status must be held, credited, rejected or pending';
const IDS_MESSAGE = `ids must list 1 to ${MAX_REFERRAL_DECISION} referral ids`;
const LEADERBOARD_LIMIT_MESSAGE = `limit must be a whole number from 1 to ${MAX_LEADERBOARD_SIZE}`;

export const referralsQuerySchema = z.object({
  status: z
    .enum(REFERRAL_STATUSES, { error: STATUS_MESSAGE })
    .default('held')
    .meta({
      description:
        'Which referrals: `held` (waiting for review, the default), `credited`, `rejected`, ' +
        'or `pending` (the friend has not confirmed); newest first',
    }),
  ...pageParameters(REFERRALS_PAGE_SIZE),
});
export type ReferralsQuery = z.infer<typeof referralsQuerySchema>;

const person = z.object({ id: z.string(), email: z.string() });

export const referralRecordSchema = z
  .object({
    id: z.string(),
    owner: person.meta({ description: 'Whose link the friend used' }),
    friend: person.meta({ description: 'Who signed up with it (admins only; never the owner)' }),
    status: z.enum(REFERRAL_STATUSES),
    reasons: z.array(z.enum(HOLD_REASONS)).meta({
      description:
        'Why it was held: `same-person` (the owner in another spelling), `same-network` ' +
        '(the owner’s /24 or /64), `burst` (many in minutes), `similar` (a run of similar addresses)',
    }),
    createdAt: z.string().meta({ description: 'ISO 8601, when the friend signed up' }),
    settledAt: z.string().optional().meta({ description: 'ISO 8601, when the friend confirmed' }),
    decidedAt: z.string().optional(),
    decidedBy: z.string().optional(),
  })
  .meta({ id: 'ReferralRecord' });
export type ReferralRecord = z.infer<typeof referralRecordSchema>;

export const referralsResponseSchema = z
  .object({ referrals: z.array(referralRecordSchema), pagination: paginationSchema })
  .meta({ id: 'ReferralsResponse' });
export type ReferralsResponse = z.infer<typeof referralsResponseSchema>;

export const referralDecisionRequestSchema = z
  .strictObject(
    {
      ids: z
        .array(z.uuid({ error: IDS_MESSAGE }), { error: IDS_MESSAGE })
        .min(1, { error: IDS_MESSAGE })
        .max(MAX_REFERRAL_DECISION, { error: IDS_MESSAGE }),
      decision: z.enum(REFERRAL_DECISIONS, { error: 'decision must be credit or reject' }),
    },
    { error: 'The request body must be {"ids": [...], "decision": "credit" | "reject"}' },
  )
  .meta({ id: 'ReferralDecisionRequest' });
export type ReferralDecisionRequest = z.infer<typeof referralDecisionRequestSchema>;

export const referralDecisionResponseSchema = z
  .object({
    decided: z.array(z.string()).meta({ description: 'The ids decided now' }),
    skipped: z.array(z.string()).meta({
      description: 'Ids that were not held (decided meanwhile, or gone): left as they were',
    }),
  })
  .meta({ id: 'ReferralDecisionResponse' });
export type ReferralDecisionResponse = z.infer<typeof referralDecisionResponseSchema>;

export const leaderboardQuerySchema = z.object({
  limit: z.coerce
    .number({ error: LEADERBOARD_LIMIT_MESSAGE })
    .int({ error: LEADERBOARD_LIMIT_MESSAGE })
    .min(1, { error: LEADERBOARD_LIMIT_MESSAGE })
    .max(MAX_LEADERBOARD_SIZE, { error: LEADERBOARD_LIMIT_MESSAGE })
    .default(LEADERBOARD_SIZE),
});

export const referrerSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    credited: z.number().int(),
    pending: z.number().int().meta({ description: 'Friends who have not confirmed yet' }),
    held: z.number().int(),
    rejected: z.number().int(),
    flagged: z.boolean().meta({ description: 'True when any referral was held or rejected' }),
  })
  .meta({ id: 'Referrer' });
export type Referrer = z.infer<typeof referrerSchema>;

export const leaderboardResponseSchema = z
  .object({ referrers: z.array(referrerSchema) })
  .meta({ id: 'ReferralLeaderboard' });
export type LeaderboardResponse = z.infer<typeof leaderboardResponseSchema>;
