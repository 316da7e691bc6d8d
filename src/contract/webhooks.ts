import { hasControlCharacters } from './email-rules.ts';
import { z } from './zod.ts';

/** What a receiver can subscribe to; every delivery's body names one as `type`. */
export const WEBHOOK_EVENT_TYPES = [
  'signup.created',
  'signup.confirmed',
  'whitelist.added',
  'whitelist.removed',
  'user.registered',
  'referral.credited',
  'referral.flagged',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_NOT_FOUND_MESSAGE = 'Webhook endpoint not found';
export const WEBHOOK_FROM_SETTING_MESSAGE =
  'This endpoint comes from the WEBHOOK_URLS setting; change the setting to remove it.';
export const WEBHOOK_URL_MAX_LENGTH = 2048;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 100;
const URL_MESSAGE = 'url must be an http:// or https:// address without a user name or password';
const EVENTS_MESSAGE = `events must name one or more of: ${WEBHOOK_EVENT_TYPES.join(', ')}`;
const DESCRIPTION_MESSAGE = `description must be at most ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters`;

/** An http(s) address a webhook can be sent to: no credentials in it, no fragment. */
export function isWebhookUrl(value: string): boolean {
  if (value.length > WEBHOOK_URL_MAX_LENGTH || hasControlCharacters(value)) return false;
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.username === '' &&
      url.password === '' &&
      url.hash === ''
    );
  } catch {
    return false;
  }
}

/**
 * Why an attempt failed, in the few words the dashboard shows: never a socket's own error text,
 * which would tell a closed port (refused at once) from an open one that stays silent.
 */
export const DELIVERY_REFUSED_REASON = 'refused: private address';
export const DELIVERY_UNREACHABLE_REASON = 'unreachable';
export const DELIVERY_TIMED_OUT_REASON = 'timed out';
export const DELIVERY_REMOVED_REASON = 'endpoint removed';
export const DELIVERY_NOT_SENT_REASON = 'not sent: service error';
const FIXED_REASONS = new Set([
  DELIVERY_REFUSED_REASON,
  DELIVERY_UNREACHABLE_REASON,
  DELIVERY_TIMED_OUT_REASON,
  DELIVERY_REMOVED_REASON,
  DELIVERY_NOT_SENT_REASON,
]);

/** The reason of an attempt the receiver answered with a status other than 2xx (3xx included). */
export function httpReason(status: number): string {
  return `HTTP ${status}`;
}

/**
 * A recorded reason as it may be shown: one of the coarse reasons; the wording of earlier
 * versions ("The receiver answered 503.", "No answer: ECONNREFUSED.") turned into them.
 */
export function deliveryReason(recorded: string | null): string | null {
  if (recorded === null || FIXED_REASONS.has(recorded)) return recorded;
  const status = /^(?:HTTP |The receiver answered )([1-5]\d\d)\.?$/.exec(recorded);
  if (status) return httpReason(Number(status[1]));
  if (recorded === 'No answer: timed out.') return DELIVERY_TIMED_OUT_REASON;
  if (recorded === 'The endpoint was removed.') return DELIVERY_REMOVED_REASON;
  return DELIVERY_UNREACHABLE_REASON;
}

export const webhookDeliveryStatusSchema = z.enum(['queued', 'sending', 'delivered', 'dead']);

export const webhookEndpointSchema = z
  .object({
    id: z.string(),
    url: z.string(),
    description: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
    origin: z.enum(['setting', 'dashboard']).meta({
      description: '`setting`: from WEBHOOK_URLS (remove it there); `dashboard`: added by an admin',
    }),
    createdBy: z.string(),
    createdAt: z.string().meta({ description: 'ISO 8601' }),
    deliveries: z
      .object({
        queued: z.number().int(),
        delivered: z.number().int(),
        dead: z.number().int(),
      })
      .meta({ description: 'Deliveries by state; `queued` counts those being sent too' }),
    last: z
      .object({
        deliveryId: z.string(),
        eventType: z.string(),
        status: webhookDeliveryStatusSchema,
        httpStatus: z
          .number()
          .int()
          .nullable()
          .meta({ description: "The receiver's answer; null: no answer (refused, timed out)" }),
        error: z
          .string()
          .nullable()
          .meta({
            description:
              'Why it failed, coarsely: `refused: private address`, `unreachable`, `timed out`, ' +
              '`HTTP 500` (any status but 2xx; a redirect is not followed), `endpoint removed`',
          }),
        at: z.string().meta({ description: 'ISO 8601, the last attempt' }),
      })
      .nullable()
      .meta({ description: 'The latest attempt of any delivery; null: nothing sent yet' }),
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z
  .object({
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).meta({ description: 'Every event type' }),
    endpoints: z.array(webhookEndpointSchema),
  })
  .meta({ id: 'WebhookEndpointList', description: 'Active endpoints, newest first.' });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

export const createWebhookRequestSchema = z
  .object({
    url: z
      .string({ error: URL_MESSAGE })
      .trim()
      .refine(isWebhookUrl, { error: URL_MESSAGE })
      .meta({ description: 'Where each event is POSTed' }),
    events: z
      .array(z.enum(WEBHOOK_EVENT_TYPES, { error: EVENTS_MESSAGE }), { error: EVENTS_MESSAGE })
      .min(1, { error: EVENTS_MESSAGE })
      .optional()
      .meta({ description: 'The events it receives; none given: every event' }),
    description: z
      .string({ error: DESCRIPTION_MESSAGE })
      .trim()
      .max(WEBHOOK_DESCRIPTION_MAX_LENGTH, { error: DESCRIPTION_MESSAGE })
      .refine((value) => !hasControlCharacters(value), {
        error: 'description must not contain control characters',
      })
      .optional(),
  })
  .meta({ id: 'CreateWebhookRequest' });
export type CreateWebhookRequest = z.input<typeof createWebhookRequestSchema>;

export const createdWebhookSchema = z
  .object({
    secret: z.string().meta({
      description:
        'The signing secret (`whsec_` and base64, Standard Webhooks). Shown this once, never again.',
    }),
    endpoint: webhookEndpointSchema,
  })
  .meta({ id: 'CreatedWebhook' });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

const ID_MESSAGE = 'id must be at most 64 letters, digits, _ or -';
export const webhookParamsSchema = z.object({
  id: z
    .string()
    .max(64, { error: ID_MESSAGE })
    .regex(/^[A-Za-z0-9_-]+$/, { error: ID_MESSAGE }),
});

export const retriedWebhookDeliveriesSchema = z
  .object({ retried: z.number().int().meta({ description: 'Dead deliveries queued again' }) })
  .meta({ id: 'RetriedWebhookDeliveries' });
