import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminErrorSchema } from '../../../contract/errors.ts';
import {
  dataExportResponseSchema,
  erasureResponseSchema,
  personalDataQuerySchema,
  personalDataSchema,
  erasureRequestSchema,
  privacyRequestSchema,
} from '../../../contract/privacy.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { maskEmail } from '../../lib/mask.ts';
import {
  adminErrorResponses,
  currentAdmin,
  noStore,
  orUnavailable,
} from '../../platform/http/admin-request.ts';
import { queueDataExport } from './data-export.ts';
import { erasePersonalData } from './erasure-repository.ts';
import { collectPersonalData } from './personal-data-repository.ts';
import { recordPrivacyAudit } from './privacy-audit.ts';
import { addressHash, ERASED_MESSAGE, isSuppressed } from '../../platform/mail/suppression.ts';

export const PRIVACY_UNAVAILABLE_MESSAGE =
  "We couldn't handle the privacy request right now. Nothing was changed; please try again in a moment.";

const bodyErrors = {
  413: adminErrorSchema.describe('The body is larger than 16 KiB.'),
  415: adminErrorSchema.describe('The body must be JSON.'),
};

/**
 * Privacy requests that reach the team another way (a mail to the contact address): the same
 * copy and erasure as the link in every mail, by address. Every action is audited with the
 * admin as actor; an erasure names the address only by its hash.
 */
export function privacyAdminRoutes(app: FastifyInstance, secret: string) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  routes.get(
    '/api/admin/data',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'getPersonalData',
        summary: 'Everything held about an address, as JSON',
        description:
          'The same data the person gets by mail, for an admin to download (audited as ' +
          '`privacy.download`). Reading it changes no data.',
        tags: ['privacy'],
        querystring: personalDataQuerySchema,
        response: { 200: personalDataSchema, ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      const actor = currentAdmin(request).email;
      const { email } = request.query;
      const data = await orUnavailable(PRIVACY_UNAVAILABLE_MESSAGE, async () => {
        const now = new Date();
        await recordPrivacyAudit(db, { at: now, actor, action: 'privacy.download', target: email });
        return collectPersonalData(db, email, now);
      });
      request.log.info(
        { email: maskEmail(email), actor: maskEmail(actor) },
        'privacy: data downloaded by an admin',
      );
      noStore(reply);
      return data;
    },
  );

  routes.post(
    '/api/admin/data/export',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'sendPersonalDataCopy',
        summary: 'Mail an address a copy of the data held about it',
        description:
          'Queues "Your ReelScore data" to the address itself (never to the admin), made when ' +
          'the mail leaves; at most one copy per address an hour. Audited as `privacy.export`.',
        tags: ['privacy'],
        body: privacyRequestSchema,
        response: {
          200: dataExportResponseSchema.describe('Queued now, or already within the hour.'),
          ...adminErrorResponses,
          409: adminErrorSchema.describe('The address was erased: it is never mailed.'),
          ...bodyErrors,
        },
      },
    },
    async (request, reply) => {
      const actor = currentAdmin(request).email;
      const { email } = request.body;
      if (await orUnavailable(PRIVACY_UNAVAILABLE_MESSAGE, () => isSuppressed(db, secret, email))) {
        throw new HttpError(409, ERASED_MESSAGE);
      }
      const { queued } = await orUnavailable(PRIVACY_UNAVAILABLE_MESSAGE, () =>
        queueDataExport(db, { address: email, actor, requestedBy: actor }),
      );
      app.mailer.nudge();
      request.log.info(
        { email: maskEmail(email), actor: maskEmail(actor), queued },
        'privacy: data copy queued by an admin',
      );
      noStore(reply);
      return {
        success: true as const,
        email,
        queued,
        message: queued
          ? `A copy of the data held about ${email} is queued to that address.`
          : `A copy for ${email} was already queued within the hour; no second one was sent.`,
      };
    },
  );

  routes.post(
    '/api/admin/data/erase',
    {
      config: { access: 'admin' },
      schema: {
        operationId: 'erasePersonalData',
        summary: 'Erase everything held about an address',
        description:
          'In one transaction: the signup, whitelist entry, app registration, unsubscribe ' +
          'record and every mail to the address are deleted, the audit log names it by a ' +
          'keyed hash, and the hash is kept so it is never mailed again. Idempotent. Audited ' +
          'as `privacy.erase` with the hash as target.',
        tags: ['privacy'],
        body: erasureRequestSchema,
        response: {
          200: erasureResponseSchema.describe('Erased; what was removed, by kind.'),
          ...adminErrorResponses,
          ...bodyErrors,
        },
      },
    },
    async (request, reply) => {
      const actor = currentAdmin(request).email;
      const { email } = request.body;
      const hash = addressHash(secret, email);
      const removed = await orUnavailable(PRIVACY_UNAVAILABLE_MESSAGE, () =>
        erasePersonalData(db, { address: email, hash, actor }),
      );
      request.log.info({ actor: maskEmail(actor), removed }, 'privacy: address erased by an admin');
      noStore(reply);
      return {
        success: true as const,
        email,
        removed,
        message: `Everything held about ${email} is erased; the address will not be mailed again.`,
      };
    },
  );
}
