import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  earlyAccessEmailRequestSchema,
  earlyAccessEmailResponseSchema,
  emailTemplatesResponseSchema,
  mailboxResponseSchema,
  sendEmailResponseSchema,
  templateIdParamsSchema,
  templatePreviewResponseSchema,
  testEmailRequestSchema,
} from '../../../contract/email-api.ts';
import { adminErrorSchema } from '../../../contract/errors.ts';
import type { AppConfig } from '../../config.ts';
import { HttpError } from '../../lib/http-errors.ts';
import {
  adminErrorResponses,
  currentAdmin,
  noStore,
  orUnavailable,
} from '../../platform/http/admin-request.ts';
import {
  isWhitelisted as isListed,
  whitelistForInvitation,
} from '../access/whitelist-repository.ts';
import type { MailService, SendRequest, SendResult } from '../../platform/mail/mail-service.ts';
import { recentCaughtMail } from '../../platform/mail/email-repository.ts';
import { renderPreview } from '../../platform/mail/render-mail.ts';
import { earlyAccessInvitation } from '../access/early-access-invitation-mail.ts';
import { findTemplate, mailTemplates } from '../../platform/mail/templates/template-registry.ts';

const MAILBOX_SIZE = 50;

/** What the admin guard answers; these calls read no input and no table of their own. */
const guardResponses = { 401: adminErrorResponses[401], 403: adminErrorResponses[403] };

const sendResponses = {
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

/** The invitation's answers also say whether the address is on the whitelist. */
const invitationResponses = {
  ...sendResponses,
  200: earlyAccessEmailResponseSchema.describe(
    'Sent; the address is on the whitelist. `messageId` is the Message-ID header.',
  ),
  202: earlyAccessEmailResponseSchema.describe(
    'Queued: the address is on the whitelist, and the mail server did not answer within the ' +
      'wait; the outbox sends it later.',
  ),
  409: earlyAccessEmailResponseSchema.describe(
    'Refused, nothing changed: the address unsubscribed from marketing mail, or was erased.',
  ),
  502: earlyAccessEmailResponseSchema.describe(
    'The mail server refused, failed or timed out; the address stays on the whitelist.',
  ),
};

const WHITELIST_STATE_UNAVAILABLE_MESSAGE =
  "The invitation was not sent, and we couldn't read the address's whitelist state right now.";

/** A send of a template named by id may also find no such template. */
const templateSendResponses = {
  ...sendResponses,
  404: adminErrorSchema.describe('No template has that id.'),
};

/** The answer to a send; `extra` goes into every body (the invitation's whitelist state). */
function answer(reply: FastifyReply, result: SendResult, extra: object = {}) {
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

/**
 * The invitation tells its reader they are in, so every send of it (the add dialog's, and a
 * test send of the template) whitelists the address in the transaction that queues it, audited
 * once as the invitation.
 */
function letIn(to: string, actor: string): Pick<SendRequest, 'change'> {
  return {
    change: async (trx) => {
      await whitelistForInvitation(trx, [to], { actor, now: new Date(), alreadyListed: 'invite' });
    },
  };
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

/** The Email Testing tab's calls (spec section 7); the admin guard protects every one. */
export function emailRoutes(app: FastifyInstance, config: AppConfig, mailer: MailService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const links = { publicUrl: config.publicUrl };
  const limits = sendLimits(app, config);

  routes.get(
    '/api/email/templates',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'listEmailTemplates',
        summary: 'List the email templates',
        tags: ['email'],
        response: {
          200: emailTemplatesResponseSchema.describe('Every template an admin can send.'),
          ...guardResponses,
        },
      },
    },
    async (_request, reply) => {
      noStore(reply);
      return {
        templates: mailTemplates().map(({ id, name, subject, description }) => ({
          id,
          name,
          subject,
          description,
        })),
      };
    },
  );

  routes.get(
    '/api/email/templates/:id/preview',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'previewEmailTemplate',
        summary: 'Render a template with sample data',
        description: 'HTML for a sandboxed frame: no scripts, sample data only.',
        tags: ['email'],
        params: templateIdParamsSchema,
        response: {
          200: templatePreviewResponseSchema.describe('The rendered HTML.'),
          400: adminErrorSchema.describe('The id is not valid percent-encoded text.'),
          ...guardResponses,
          404: adminErrorSchema.describe('No template has that id.'),
          414: adminErrorSchema.describe('The id is longer than 100 characters.'),
        },
      },
    },
    async (request, reply) => {
      const template = findTemplate(request.params.id);
      if (!template) throw new HttpError(404, 'Email template not found');
      noStore(reply);
      return { preview: { html: await renderPreview(template, links) } };
    },
  );

  routes.post(
    '/api/email/test',
    {
      config: { access: 'admin' },
      onRequest: [limits.perAdmin],
      preHandler: [limits.perAddress],
      schema: {
        operationId: 'sendTestEmail',
        summary: 'Send a template to an address, as a test',
        description:
          'The template is filled with sample data for the address. Marketing templates carry ' +
          'a one-click unsubscribe link and are refused for addresses that unsubscribed.',
        tags: ['email'],
        body: testEmailRequestSchema,
        response: templateSendResponses,
      },
    },
    async (request, reply) => {
      const admin = currentAdmin(request);
      const template = findTemplate(request.body.templateType);
      if (!template) throw new HttpError(404, 'Email template not found');
      const { email } = request.body;
      const result = await mailer.send({
        to: email,
        template,
        requestedBy: admin.email,
        ...(template.id === earlyAccessInvitation.id ? letIn(email, admin.email) : {}),
      });
      return answer(reply, result);
    },
  );

  routes.post(
    '/api/email/early-access',
    {
      config: { access: 'admin' },
      onRequest: [limits.perAdmin],
      preHandler: [limits.perAddress],
      schema: {
        operationId: 'sendEarlyAccessEmail',
        summary: 'Whitelist an address and send it the early-access invitation',
        description:
          'The address is added to the whitelist in the transaction that queues the ' +
          'invitation (both are saved, or neither), audited once as `whitelist.invite`; an ' +
          'address already listed is invited again. Refused (409) before anything changes ' +
          'when the address unsubscribed or was erased. A mail server failure (502) leaves ' +
          'the address on the whitelist without the invitation.',
        tags: ['email'],
        body: earlyAccessEmailRequestSchema,
        response: invitationResponses,
      },
    },
    async (request, reply) => {
      const admin = currentAdmin(request);
      const { email } = request.body;
      const result = await mailer.send({
        to: email,
        template: earlyAccessInvitation,
        requestedBy: admin.email,
        ...letIn(email, admin.email),
      });
      if (result.status === 'refused') {
        // Refused before anything changed: the address is as it was.
        const isWhitelisted = await orUnavailable(WHITELIST_STATE_UNAVAILABLE_MESSAGE, () =>
          isListed(app.database.db, email),
        );
        return answer(reply, result, { isWhitelisted });
      }
      if (result.status === 'failed') {
        const message = `${result.message} ${email} is on the whitelist, without the invitation.`;
        return answer(reply, { ...result, message }, { isWhitelisted: true });
      }
      return answer(reply, result, { isWhitelisted: true });
    },
  );

  routes.get(
    '/api/email/mailbox',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'listCaughtMail',
        summary: 'Mail the local catcher received (local runs only)',
        description:
          'Text parts only, newest first. Empty and `enabled: false` when SMTP_URL is set.',
        tags: ['email'],
        response: {
          200: mailboxResponseSchema.describe('The newest caught messages.'),
          ...guardResponses,
        },
      },
    },
    async (_request, reply) => {
      noStore(reply);
      return {
        enabled: mailer.catching,
        messages: mailer.catching ? await recentCaughtMail(app.database.db, MAILBOX_SIZE) : [],
      };
    },
  );
}
