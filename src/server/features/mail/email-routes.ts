import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  emailTemplatesResponseSchema,
  mailboxResponseSchema,
  templateIdParamsSchema,
  templatePreviewResponseSchema,
  testEmailRequestSchema,
} from '../../../contract/email-api.ts';
import { adminErrorSchema } from '../../../contract/errors.ts';
import type { AppConfig } from '../../config.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { adminErrorResponses, currentAdmin, noStore } from '../../platform/http/admin-request.ts';
import type { MailService } from '../../platform/mail/mail-service.ts';
import { answer, mailSendLimits, sendResponses } from '../../platform/mail/send-answers.ts';
import { recentCaughtMail } from '../../platform/mail/email-repository.ts';
import { renderPreview } from '../../platform/mail/render-mail.ts';
import { findTemplate, mailTemplates } from '../../platform/mail/templates/template-registry.ts';

const MAILBOX_SIZE = 50;

/** What the admin guard answers; these calls read no input and no table of their own. */
const guardResponses = { 401: adminErrorResponses[401], 403: adminErrorResponses[403] };

/** A send of a template named by id may also find no such template. */
const templateSendResponses = {
  ...sendResponses,
  404: adminErrorSchema.describe('No template has that id.'),
};

/** The Email Testing tab's calls (spec section 7); the admin guard protects every one. */
export function emailRoutes(app: FastifyInstance, config: AppConfig, mailer: MailService) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const links = { publicUrl: config.publicUrl };
  const limits = mailSendLimits(app, config);

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
      });
      return answer(reply, result);
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
