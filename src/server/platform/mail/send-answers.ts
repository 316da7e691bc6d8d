import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendEmailResponseSchema } from '../../../contract/email-api.ts';
import { adminErrorSchema } from '../../../contract/errors.ts';
import type { AppConfig } from '../../config.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { adminErrorResponses, noStore } from '../http/admin-request.ts';
import type { SendResult } from './mail-service.ts';

/** What the routes that send one mail at an admin's request have in common. */

export const sendResponses = {
  200: sendEmailResponseSchema.describe('Sent; `messageId` is the Message-ID header.'),
  202: sendEmailResponseSchema.describe(
    'Queued: the mail server did not answer within the wait; the outbox sends it later.',
  ),
  ...adminErrorResponses,
  409: sendEmailResponseSchema.describe(
    'Refused: the address unsubscribed from marketing mail, or was erased (no mail at all).',
  ),
  413: adminErrorSchema.describe('The body is larger than 16 KiB.'),
  415: adminErrorSchema.describe('The body must be JSON.'),
  429: adminErrorSchema.describe('Too many sends by this admin or to this address.'),
  502: sendEmailResponseSchema.describe(
    'The mail server refused, failed or timed out (after retries for temporary failures).',
  ),
};

/** The answer to a send; `extra` goes into every body (the invitation's whitelist state). */
export function answer(reply: FastifyReply, result: SendResult, extra: object = {}) {
  noStore(reply);
  if (result.status === 'sent') {
    return reply
      .code(200)
      .send({ success: true, message: result.message, messageId: result.messageId, ...extra });
  }
  if (result.status === 'refused') {
    return reply.code(409).send({ success: false, message: result.message, ...extra });
  }
  if (result.status === 'queued') {
    return reply
      .code(202)
      .send({ success: true, message: result.message, messageId: result.messageId, ...extra });
  }
  return reply
    .code(502)
    .send({ success: false, message: result.message, messageId: result.messageId, ...extra });
}

const limitsByApp = new WeakMap<FastifyInstance, ReturnType<typeof sendLimits>>();

/**
 * The send limits of `app`, one pair for every sending route of every feature (the Email Testing
 * tab's, access's invitation), so an admin cannot double them by taking turns.
 */
export function mailSendLimits(app: FastifyInstance, config: AppConfig) {
  let limits = limitsByApp.get(app);
  if (!limits) {
    limits = sendLimits(app, config);
    limitsByApp.set(app, limits);
  }
  return limits;
}

/**
 * Limits per admin and per recipient, each one counter shared by every sending route. The
 * plugin runs one `rateLimit` hook per request, so the second limit checks its counter itself.
 */
function sendLimits(app: FastifyInstance, config: AppConfig) {
  const { max, windowMs } = config.mail.rateLimit;
  const addressCounter = app.createRateLimit({
    max,
    timeWindow: windowMs,
    keyGenerator: (request: FastifyRequest) =>
      `email-to:${(request.body as { email?: string } | undefined)?.email ?? ''}`,
  });
  return {
    perAdmin: app.rateLimit({
      max,
      timeWindow: windowMs,
      keyGenerator: (request: FastifyRequest) =>
        `email-admin:${request.admin?.email ?? request.ip}`,
    }),
    perAddress: async (request: FastifyRequest, reply: FastifyReply) => {
      const state = await addressCounter(request);
      if (state.isAllowed || !state.isExceeded) return;
      reply.header('retry-after', state.ttlInSeconds);
      request.log.warn(
        { route: request.routeOptions.url },
        'rate limit reached for a recipient address',
      );
      throw new HttpError(
        429,
        `Too many emails to this address. Please try again in ${state.ttlInSeconds} seconds.`,
      );
    },
  };
}
