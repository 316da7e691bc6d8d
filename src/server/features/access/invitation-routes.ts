import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  earlyAccessEmailRequestSchema,
  earlyAccessEmailResponseSchema,
} from '../../../contract/email-api.ts';
import type { AppConfig } from '../../config.ts';
import { currentAdmin, orUnavailable } from '../../platform/http/admin-request.ts';
import { answer, mailSendLimits, sendResponses } from '../../platform/mail/send-answers.ts';
import { earlyAccessInvitation } from './early-access-invitation-mail.ts';
import { isWhitelisted as isListed } from './whitelist-repository.ts';

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

/**
 * `POST /api/email/early-access`: the add dialog's "whitelist and send the invitation", with the
 * send limits the Email Testing tab's sends share. The invitation announces the whitelist entry
 * (its template's `announces`), made in the transaction that queues it.
 */
export function invitationRoutes(app: FastifyInstance, config: AppConfig) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const limits = mailSendLimits(app, config);
  const { mailer } = app;

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
}
