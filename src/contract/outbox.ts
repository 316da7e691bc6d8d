import { paginationSchema, signupsQuerySchema } from './admin.ts';
import { z } from './zod.ts';

/**
 * The states of a message in the mail outbox (docs/decisions/0018-mail-outbox.md): waiting,
 * being sent, delivered, given up on (an admin may retry it), or not sent because the address
 * unsubscribed from marketing mail.
 */
export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'dead', 'suppressed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const OUTBOX_PAGE_SIZE = 20;
/** Ids one retry may name; `allDead` retries any number. */
export const MAX_RETRY_IDS = 500;

const STATUS_MESSAGE = `status must be one of ${OUTBOX_STATUSES.join(', ')}`;
const ID_MESSAGE = 'Each id must be a message id from GET /api/admin/outbox';
const IDS_MESSAGE = `ids must list 1 to ${MAX_RETRY_IDS} message ids`;
export const RETRY_BODY_MESSAGE =
  'The request body must be {"ids": [message ids]} or {"allDead": true}';

// The same limit and offset rules (and messages) as the other admin lists, with our page size.
const { limit, offset } = signupsQuerySchema.shape;

export const outboxQuerySchema = z.object({
  status: z.enum(OUTBOX_STATUSES, { error: STATUS_MESSAGE }).default('dead').meta({
    description: 'Which messages to list; dead ones (those an admin may retry) by default.',
  }),
  limit: limit.unwrap().default(OUTBOX_PAGE_SIZE),
  offset,
});
export type OutboxQuery = z.input<typeof outboxQuerySchema>;

const count = z.number().int();
export const outboxCountsSchema = z
  .object({ queued: count, sending: count, sent: count, dead: count, suppressed: count })
  .meta({ id: 'OutboxCounts', description: 'How many messages are in each state.' });
export type OutboxCounts = z.infer<typeof outboxCountsSchema>;

export const outboxMailSchema = z
  .object({
    id: z.string(),
    to: z.string(),
    template: z.string().meta({ description: 'The template id' }),
    templateName: z.string().meta({ description: "The template's name, or its id if it is gone" }),
    status: z.enum(OUTBOX_STATUSES),
    attempts: z.number().int().meta({ description: 'SMTP attempts, every round included' }),
    rounds: z.number().int().meta({ description: 'Delivery rounds so far' }),
    failureMessage: z
      .string()
      .nullable()
      .meta({ description: 'The last failure as a sentence for people' }),
    lastError: z
      .string()
      .nullable()
      .meta({ description: 'The technical cause of the last failure (an SMTP reply, say)' }),
    createdAt: z.string().meta({ description: 'ISO 8601, when the mail was queued' }),
    finishedAt: z
      .string()
      .nullable()
      .meta({ description: 'ISO 8601, when it was sent, given up on or suppressed' }),
    nextAttemptAt: z
      .string()
      .nullable()
      .meta({ description: 'ISO 8601, when a queued message is due; null in other states' }),
    requestedBy: z
      .string()
      .meta({ description: "The admin's address, or `system` for the service's own mail" }),
  })
  .meta({ id: 'OutboxMail' });
export type OutboxMail = z.infer<typeof outboxMailSchema>;

export const outboxResponseSchema = z
  .object({
    counts: outboxCountsSchema,
    messages: z.array(outboxMailSchema),
    pagination: paginationSchema,
  })
  .meta({ id: 'OutboxResponse' });
export type OutboxResponse = z.infer<typeof outboxResponseSchema>;

const outboxIdSchema = z
  .string({ error: ID_MESSAGE })
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, { error: ID_MESSAGE });

export const retryOutboxRequestSchema = z
  .strictObject(
    {
      ids: z
        .array(outboxIdSchema, { error: IDS_MESSAGE })
        .min(1, { error: IDS_MESSAGE })
        .max(MAX_RETRY_IDS, { error: IDS_MESSAGE })
        .optional()
        .meta({ description: `The dead messages to retry, 1 to ${MAX_RETRY_IDS} ids` }),
      allDead: z
        .literal(true, { error: RETRY_BODY_MESSAGE })
        .optional()
        .meta({ description: 'Retry every dead message' }),
    },
    { error: RETRY_BODY_MESSAGE },
  )
  // One field or the other: a body naming both would leave the admin unsure what was meant.
  .refine((body) => (body.ids === undefined) !== (body.allDead === undefined), {
    error: RETRY_BODY_MESSAGE,
  })
  .meta({
    id: 'RetryOutboxRequest',
    description: 'Exactly one of `ids` (the dead messages to retry) and `allDead: true`.',
  });
export type RetryOutboxRequest = z.infer<typeof retryOutboxRequestSchema>;

export const retryOutboxResponseSchema = z
  .object({
    retried: z.number().int().meta({
      description: 'Messages put back in the queue; ids of messages that are not dead are skipped',
    }),
  })
  .meta({ id: 'RetryOutboxResponse' });
export type RetryOutboxResponse = z.infer<typeof retryOutboxResponseSchema>;
