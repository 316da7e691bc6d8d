import { LIST_PRODUCTS, signupsExportQuerySchema } from './admin.ts';
import { emailSchema } from './email.ts';
import { z } from './zod.ts';

/**
 * Bulk whitelist changes, invite waves and the funnel: the calls an admin uses to run a closed
 * alpha in batches. Every mail they cause goes through the mail outbox.
 */

/** Addresses one bulk call may name; "all matching" takes any number. */
export const MAX_BULK_ADDRESSES = 1000;
/** People one wave may invite or remind. */
export const MAX_WAVE_SIZE = 50_000;
/** Addresses a preview shows before the admin confirms. */
export const PREVIEW_SAMPLE_SIZE = 10;
export const MAX_REMINDER_DAYS = 365;
export const MAX_FUNNEL_DAYS = 365;
export const DEFAULT_FUNNEL_DAYS = 30;

const count = z.number().int();
const COUNT_MESSAGE = `count must be a whole number from 1 to ${MAX_WAVE_SIZE}`;
const EXPECTED_MESSAGE = 'expectedCount must be the count the preview answered';
const ADDRESSES_MESSAGE = `emails must list 1 to ${MAX_BULK_ADDRESSES} addresses`;
const DAYS_MESSAGE = `days must be a whole number from 1 to ${MAX_REMINDER_DAYS}`;
const LABEL_MESSAGE = 'type and source must be at most 100 characters';

/** The query of `GET /api/admin/signups` without paging, as a JSON object: "all matching". */
export const signupFilterSchema = signupsExportQuerySchema.meta({
  description:
    'The filters of GET /api/admin/signups (search, confirmation, whitelisted, registered, ' +
    'type, source, from, to; sort and order are ignored): every signup the list shows.',
});
export type SignupFilter = z.input<typeof signupFilterSchema>;

export const bulkSelectionSchema = z
  .union(
    [
      z.strictObject({
        emails: z
          .array(emailSchema, { error: ADDRESSES_MESSAGE })
          .min(1, { error: ADDRESSES_MESSAGE })
          .max(MAX_BULK_ADDRESSES, { error: ADDRESSES_MESSAGE })
          .meta({ description: 'The selected rows’ addresses; repeats count once' }),
      }),
      z.strictObject({
        matching: signupFilterSchema.meta({
          description: 'Every signup the list shows with these filters, on every page',
        }),
      }),
    ],
    { error: 'selection must be {"emails": [...]} or {"matching": {list filters}}' },
  )
  .meta({ id: 'BulkSelection' });
export type BulkSelection = z.infer<typeof bulkSelectionSchema>;

export const BULK_ACTIONS = ['add', 'remove'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

const bulkAction = z
  .enum(BULK_ACTIONS, { error: 'action must be add or remove' })
  .meta({ description: 'Add the addresses to the whitelist, or remove them' });

export const bulkPreviewRequestSchema = z
  .strictObject(
    { action: bulkAction, selection: bulkSelectionSchema },
    { error: 'The request body must be {"action", "selection"}' },
  )
  .meta({ id: 'BulkPreviewRequest' });
export type BulkPreviewRequest = z.infer<typeof bulkPreviewRequestSchema>;

export const bulkPreviewResponseSchema = z
  .object({
    count: count.meta({ description: 'Addresses selected: the number the admin confirms' }),
    changes: count.meta({
      description: 'Of those, how many the action changes (the others are already so)',
    }),
    sample: z.array(z.string()).meta({ description: 'The first selected addresses' }),
  })
  .meta({ id: 'BulkPreviewResponse' });
export type BulkPreviewResponse = z.infer<typeof bulkPreviewResponseSchema>;

export const bulkWhitelistRequestSchema = z
  .strictObject(
    {
      action: bulkAction,
      selection: bulkSelectionSchema,
      invite: z
        .boolean({ error: 'invite must be true or false' })
        .default(false)
        .meta({
          description:
            'With `add`: queue the early-access invitation to every address this adds ' +
            '(a wave of kind `bulk`, whose progress GET /api/admin/waves shows)',
        }),
      expectedCount: z
        .number({ error: EXPECTED_MESSAGE })
        .int({ error: EXPECTED_MESSAGE })
        .min(0, { error: EXPECTED_MESSAGE })
        .meta({
          description:
            'The `count` of the preview the admin confirmed; a different count now answers 409',
        }),
    },
    { error: 'The request body must be {"action", "selection", "expectedCount"}' },
  )
  .refine((body) => !(body.invite && body.action === 'remove'), {
    error: 'invite goes with add only',
  })
  .meta({ id: 'BulkWhitelistRequest' });
export type BulkWhitelistRequest = z.input<typeof bulkWhitelistRequestSchema>;

export const WAVE_KINDS = ['invite', 'reminder', 'bulk'] as const;
export type WaveKind = (typeof WAVE_KINDS)[number];

const label = z
  .string({ error: LABEL_MESSAGE })
  .trim()
  .min(1, { error: LABEL_MESSAGE })
  .max(100, { error: LABEL_MESSAGE });

const waveSize = z
  .number({ error: COUNT_MESSAGE })
  .int({ error: COUNT_MESSAGE })
  .min(1, { error: COUNT_MESSAGE })
  .max(MAX_WAVE_SIZE, { error: COUNT_MESSAGE });

const inviteWaveFields = {
  kind: z.literal('invite'),
  count: waveSize.meta({
    description:
      'Invite the next this many people in line (confirmed, not yet whitelisted), first in line first: the order their own pages show',
  }),
  type: label.optional().meta({ description: 'Only signups of this programme type' }),
  source: label.optional().meta({ description: 'Only signups from this form' }),
  product: z
    .enum(LIST_PRODUCTS, { error: `product must be ${LIST_PRODUCTS.join(', ')}` })
    .optional()
    .meta({
      description:
        'Only people who want this product first, still in line order; without it: anyone ' +
        'waiting, whatever they want',
    }),
};

const reminderWaveFields = {
  kind: z.literal('reminder'),
  days: z
    .number({ error: DAYS_MESSAGE })
    .int({ error: DAYS_MESSAGE })
    .min(1, { error: DAYS_MESSAGE })
    .max(MAX_REMINDER_DAYS, { error: DAYS_MESSAGE })
    .meta({
      description:
        'Remind people whitelisted this many days ago or more who have not registered, and ' +
        'were not reminded in those days',
    }),
  count: waveSize.meta({ description: 'At most this many people, the earliest invited first' }),
  type: inviteWaveFields.type,
  source: inviteWaveFields.source,
};

const WAVE_BODY_MESSAGE =
  'The request body must be {"kind": "invite", "count"} or {"kind": "reminder", "days", "count"}';

export const wavePreviewRequestSchema = z
  .discriminatedUnion(
    'kind',
    [z.strictObject(inviteWaveFields), z.strictObject(reminderWaveFields)],
    { error: WAVE_BODY_MESSAGE },
  )
  .meta({ id: 'WavePreviewRequest' });
export type WavePreviewRequest = z.infer<typeof wavePreviewRequestSchema>;

const expectedCount = z
  .number({ error: EXPECTED_MESSAGE })
  .int({ error: EXPECTED_MESSAGE })
  .min(1, { error: EXPECTED_MESSAGE })
  .meta({
    description:
      'The `count` of the preview the admin confirmed; a different count now answers 409',
  });

export const createWaveRequestSchema = z
  .discriminatedUnion(
    'kind',
    [
      z.strictObject({ ...inviteWaveFields, expectedCount }),
      z.strictObject({ ...reminderWaveFields, expectedCount }),
    ],
    { error: WAVE_BODY_MESSAGE },
  )
  .meta({ id: 'CreateWaveRequest' });
export type CreateWaveRequest = z.infer<typeof createWaveRequestSchema>;

export const wavePreviewResponseSchema = z
  .object({
    count: count.meta({ description: 'People the wave would mail now' }),
    sample: z.array(z.string()).meta({ description: 'The first of them, in wave order' }),
  })
  .meta({ id: 'WavePreviewResponse' });
export type WavePreviewResponse = z.infer<typeof wavePreviewResponseSchema>;

export const waveProgressSchema = z
  .object({
    queued: count.meta({ description: 'Waiting or being sent' }),
    sent: count.meta({ description: 'Taken by the mail server' }),
    failed: count.meta({ description: 'Given up on; Retry puts them back in the queue' }),
    suppressed: count.meta({ description: 'Not sent: the address unsubscribed or was erased' }),
  })
  .meta({ id: 'WaveProgress', description: "The wave's mail, by the outbox's state." });
export type WaveProgress = z.infer<typeof waveProgressSchema>;

export const waveSchema = z
  .object({
    id: z.string(),
    kind: z.enum(WAVE_KINDS).meta({
      description: '`invite`: the next N; `reminder`: invited, not registered; `bulk`: selected',
    }),
    requestedCount: count.meta({ description: 'The N the admin asked for' }),
    memberCount: count.meta({ description: 'People the wave mails' }),
    type: z.string().nullable(),
    source: z.string().nullable(),
    days: z.number().int().nullable().meta({ description: 'For a reminder: days since invited' }),
    createdBy: z.string(),
    createdAt: z.string().meta({ description: 'ISO 8601' }),
    progress: waveProgressSchema,
  })
  .meta({ id: 'Wave' });
export type Wave = z.infer<typeof waveSchema>;

export const wavesResponseSchema = z
  .object({ waves: z.array(waveSchema).meta({ description: 'Newest first' }) })
  .meta({ id: 'WavesResponse' });
export type WavesResponse = z.infer<typeof wavesResponseSchema>;

export const waveResponseSchema = z.object({ wave: waveSchema }).meta({ id: 'WaveResponse' });
export type WaveResponse = z.infer<typeof waveResponseSchema>;

export const waveParamsSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, {
    error: 'The wave id is not valid',
  }),
});

export const bulkWhitelistResponseSchema = z
  .object({
    count: count.meta({ description: 'Addresses selected' }),
    changed: count.meta({ description: 'Addresses the action added or removed' }),
    wave: waveSchema
      .nullable()
      .meta({ description: 'With `invite`: the invitations, as a wave to follow' }),
  })
  .meta({ id: 'BulkWhitelistResponse' });
export type BulkWhitelistResponse = z.infer<typeof bulkWhitelistResponseSchema>;

export const retryWaveResponseSchema = z
  .object({
    retried: count.meta({ description: 'Failed invitations put back in the queue' }),
    wave: waveSchema,
  })
  .meta({ id: 'RetryWaveResponse' });
export type RetryWaveResponse = z.infer<typeof retryWaveResponseSchema>;

/** The answer when the selection changed between the preview and the confirmation. */
export function selectionChangedMessage(now: number, expected: number): string {
  return (
    `The selection changed: ${now} ${now === 1 ? 'person matches' : 'people match'} now, ` +
    `not ${expected}. Nothing was changed; review the new count and confirm again.`
  );
}

const DAYS_QUERY_MESSAGE = `days must be a whole number from 1 to ${MAX_FUNNEL_DAYS}`;

export const funnelQuerySchema = z.object({
  days: z.coerce
    .number({ error: DAYS_QUERY_MESSAGE })
    .int({ error: DAYS_QUERY_MESSAGE })
    .min(1, { error: DAYS_QUERY_MESSAGE })
    .max(MAX_FUNNEL_DAYS, { error: DAYS_QUERY_MESSAGE })
    .default(DEFAULT_FUNNEL_DAYS)
    .meta({ description: 'The last this many days (UTC), today included' }),
});
export type FunnelQuery = z.input<typeof funnelQuerySchema>;

export const FUNNEL_STAGES = ['signedUp', 'confirmed', 'invited', 'registered'] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];

/** A count for each stage of the funnel, by the stage's name. */
const stageCounts = z.object({
  signedUp: count,
  confirmed: count,
  invited: count,
  registered: count,
} satisfies Record<FunnelStage, typeof count>);

export const funnelResponseSchema = z
  .object({
    from: z.string().meta({ description: 'The first day, YYYY-MM-DD (UTC)' }),
    to: z.string().meta({ description: 'The last day (today), YYYY-MM-DD (UTC)' }),
    sources: z.array(z.string()).meta({ description: 'Every source of the period, most first' }),
    days: z
      .array(
        z.object({
          day: z.string().meta({ description: 'YYYY-MM-DD (UTC)' }),
          total: count,
          bySource: z.record(z.string(), count).meta({ description: 'Signups per source' }),
        }),
      )
      .meta({ description: 'Every day of the period, oldest first, days without signups too' }),
    stages: z
      .array(
        z.object({
          stage: z.enum(FUNNEL_STAGES),
          count: count.meta({
            description: 'Signups of the period that reached this stage and every earlier one',
          }),
          rate: z.number().nullable().meta({
            description: 'Share of the previous stage, 0 to 1; null for the first or after 0',
          }),
          overall: z.number().nullable().meta({
            description: 'Share of all signups of the period, 0 to 1; null when there are none',
          }),
        }),
      )
      .meta({
        description:
          'Signed up, then confirmed the address, then invited (whitelisted), then registered ' +
          'in the app',
      }),
    byOrigin: z
      .object({
        referred: stageCounts,
        organic: stageCounts,
      })
      .meta({
        description:
          'The stages’ counts split by how people came: through a friend’s referral link ' +
          '(`referred`) or not (`organic`); the two add up to `stages`',
      }),
  })
  .meta({ id: 'FunnelResponse' });
export type FunnelResponse = z.infer<typeof funnelResponseSchema>;
