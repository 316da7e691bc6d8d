import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrorSchema } from '../../../contract/errors.ts';
import { z } from '../../../contract/zod.ts';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_FROM_SETTING_MESSAGE,
  WEBHOOK_NOT_FOUND_MESSAGE,
  createWebhookRequestSchema,
  createdWebhookSchema,
  retriedWebhookDeliveriesSchema,
  webhookEndpointListSchema,
  webhookParamsSchema,
} from '../../../contract/webhooks.ts';
import type { AppConfig } from '../../config.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { maskEmail } from '../../lib/mask.ts';
import {
  adminErrorResponses,
  currentAdmin,
  noStore,
  orUnavailable,
} from '../../platform/http/admin-request.ts';
import {
  createWebhookEndpoint,
  listWebhookEndpoints,
  removeWebhookEndpoint,
  retryDeadDeliveries,
} from './webhook-repository.ts';
import type { WebhookTargets } from './webhook-targets.ts';

export const WEBHOOKS_UNAVAILABLE_MESSAGE =
  "We couldn't reach the webhooks right now. Nothing was changed; please try again in a moment.";
export const WEBHOOK_HTTPS_MESSAGE =
  'url must be an https:// address: deliveries carry email addresses';
export const WEBHOOK_PRIVATE_TARGET_MESSAGE =
  'url must lead to a public address: webhooks are not sent to this machine, private or ' +
  'link-local networks, or cloud metadata (the WEBHOOK_ALLOW_PRIVATE_TARGETS setting lists exceptions)';

/** Minting a signing secret or removing a receiver needs a signed-in session, as tokens do. */
const sessionErrorResponses = {
  ...adminErrorResponses,
  403: adminErrorSchema.describe(
    'The session is not on the admin allow-list, the change is cross-site, or the credential ' +
      'is an API token (these routes need a signed-in session).',
  ),
};

/** The list takes no input, so it has no 400. */
const { 400: _noInput, ...listErrorResponses } = adminErrorResponses;

/** Listing, adding and removing webhook endpoints, and retrying their failed deliveries. */
export function webhookRoutes(
  app: FastifyInstance,
  config: AppConfig,
  targets: WebhookTargets,
  nudge: () => void,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = () => app.database.db;

  routes.get(
    '/api/admin/webhooks',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'listWebhooks',
        summary: 'List the webhook endpoints',
        description:
          'Active endpoints with their deliveries by state and the latest attempt; never a secret.',
        tags: ['admin'],
        response: { 200: webhookEndpointListSchema, ...listErrorResponses },
      },
    },
    async (_request, reply) => {
      const endpoints = await orUnavailable(WEBHOOKS_UNAVAILABLE_MESSAGE, () =>
        listWebhookEndpoints(db()),
      );
      noStore(reply);
      return { events: [...WEBHOOK_EVENT_TYPES], endpoints };
    },
  );

  routes.post(
    '/api/admin/webhooks',
    {
      config: { access: 'admin-session' },
      schema: {
        operationId: 'createWebhook',
        summary: 'Add a webhook endpoint',
        description:
          'Events from now on are POSTed to the URL, signed as Standard Webhooks describes ' +
          '(`webhook-id`, `webhook-timestamp`, `webhook-signature`: HMAC-SHA256 over ' +
          '`id.timestamp.body`). The answer holds the signing secret once. Audited. A URL ' +
          'whose host is, or now resolves only to, a loopback, private, link-local, shared, ' +
          'reserved or cloud metadata address (in any spelling) is refused unless ' +
          'WEBHOOK_ALLOW_PRIVATE_TARGETS allows it; every delivery checks the address it ' +
          'connects to again.',
        tags: ['admin'],
        body: createWebhookRequestSchema,
        response: {
          201: createdWebhookSchema.describe('Added; copy the secret now.'),
          ...sessionErrorResponses,
          413: adminErrorSchema.describe('The body is larger than 16 KiB.'),
          415: adminErrorSchema.describe('The body must be JSON.'),
        },
      },
    },
    async (request, reply) => {
      const actor = currentAdmin(request).email;
      const { url, events, description } = request.body;
      if (config.env === 'production' && new URL(url).protocol !== 'https:') {
        throw new HttpError(400, WEBHOOK_HTTPS_MESSAGE);
      }
      if (await targets.refuses(url)) throw new HttpError(400, WEBHOOK_PRIVATE_TARGET_MESSAGE);
      const created = await orUnavailable(WEBHOOKS_UNAVAILABLE_MESSAGE, () =>
        createWebhookEndpoint(db(), {
          url,
          createdBy: actor,
          ...(events ? { events } : {}),
          ...(description ? { description } : {}),
        }),
      );
      request.log.info(
        { actor: maskEmail(actor), endpoint: created.endpoint.id },
        'webhook endpoint added',
      );
      noStore(reply);
      return reply.code(201).send(created);
    },
  );

  routes.delete(
    '/api/admin/webhooks/:id',
    {
      config: { access: 'admin-session' },
      schema: {
        operationId: 'removeWebhook',
        summary: 'Remove a webhook endpoint',
        description:
          'It gets no more events; deliveries still queued for it end as failed. Endpoints of ' +
          'the WEBHOOK_URLS setting are removed there. Audited.',
        tags: ['admin'],
        params: webhookParamsSchema,
        response: {
          204: z.undefined().describe('Removed.'),
          ...sessionErrorResponses,
          404: adminErrorSchema.describe('No active endpoint has this id.'),
          409: adminErrorSchema.describe('The endpoint comes from the WEBHOOK_URLS setting.'),
        },
      },
    },
    async (request, reply) => {
      const actor = currentAdmin(request).email;
      const outcome = await orUnavailable(WEBHOOKS_UNAVAILABLE_MESSAGE, () =>
        removeWebhookEndpoint(db(), request.params.id, actor),
      );
      if (outcome === 'missing') throw new HttpError(404, WEBHOOK_NOT_FOUND_MESSAGE);
      if (outcome === 'setting') throw new HttpError(409, WEBHOOK_FROM_SETTING_MESSAGE);
      request.log.info(
        { actor: maskEmail(actor), endpoint: request.params.id },
        'webhook endpoint removed',
      );
      noStore(reply);
      return reply.code(204).send();
    },
  );

  routes.post(
    '/api/admin/webhooks/:id/retry',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'retryWebhookDeliveries',
        summary: "Retry an endpoint's failed deliveries",
        description:
          'Every delivery of the endpoint that ran out of attempts is queued again, with the ' +
          'same `webhook-id`, from its first attempt. Audited when any is.',
        tags: ['admin'],
        params: webhookParamsSchema,
        response: {
          200: retriedWebhookDeliveriesSchema,
          ...adminErrorResponses,
          404: adminErrorSchema.describe('No active endpoint has this id.'),
        },
      },
    },
    async (request, reply) => {
      const actor = currentAdmin(request).email;
      const retried = await orUnavailable(WEBHOOKS_UNAVAILABLE_MESSAGE, () =>
        retryDeadDeliveries(db(), request.params.id, actor),
      );
      if (retried === undefined) throw new HttpError(404, WEBHOOK_NOT_FOUND_MESSAGE);
      if (retried > 0) nudge();
      noStore(reply);
      return { retried };
    },
  );
}
