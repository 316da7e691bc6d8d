import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emailSchema } from '../../../contract/email.ts';
import { publicErrorSchema } from '../../../contract/errors.ts';
import { z } from '../../../contract/zod.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { maskEmail } from '../../lib/mask.ts';
import { htmlPageResponse, pageOrJsonResponse } from '../../plugins/api-docs.ts';
import {
  CONTACT_EMAIL,
  escapeHtml,
  personPageErrors,
  sendPersonPage,
  prefersPage,
  type PersonPage,
} from '../../platform/pages/person-page.ts';
import { markUnsubscribed } from '../../platform/mail/email-repository.ts';
import { verifyUnsubscribeToken } from '../../platform/links/unsubscribe-token.ts';

const INVALID_LINK_MESSAGE = 'This unsubscribe link is not valid.';

const querySchema = z.object({
  address: emailSchema,
  token: z.string({ error: INVALID_LINK_MESSAGE }).max(200),
});

/** What RFC 8058 mail providers post (documented only: the body's content does not matter). */
const oneClickBody = z.object({ 'List-Unsubscribe': z.literal('One-Click') });

/**
 * Per client address, on each of GET and POST. A person opens the link once or twice; a mail
 * provider's one-click POST comes once per mail. Far above both, well below a guessing run.
 */
export const UNSUBSCRIBE_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

const HOME_LINK = `<p><a href="/">Go to the ReelScore home page</a></p>`;

const INVALID_LINK_PAGE: PersonPage = {
  title: 'This unsubscribe link is not valid',
  body:
    `<p>Your mail program may have changed the link or cut it short. Open the latest mail from ` +
    `ReelScore and use the unsubscribe link at its bottom, or write to ` +
    `<a href="mailto:${CONTACT_EMAIL}">${CONTACT_EMAIL}</a> and we will take your address off ` +
    `the list.</p>`,
};

function tooManyPage(message: string): PersonPage {
  return {
    title: 'Too many attempts',
    body:
      `<p class="alert" role="alert">${escapeHtml(message)}</p>` +
      `<p>Wait a moment, then open the link from your mail again.</p>`,
  };
}

const FAILED_PAGE: PersonPage = {
  title: 'Something went wrong on our side',
  body:
    `<p class="alert" role="alert">Your request could not be completed. Please try again in a ` +
    `few minutes.</p><p>If it keeps failing, write to ` +
    `<a href="mailto:${CONTACT_EMAIL}">${CONTACT_EMAIL}</a> and we will take your address off ` +
    `the list.</p>`,
};

/**
 * RFC 8058 one-click unsubscribe. Public and cookie-less on purpose: the mail provider POSTs
 * `List-Unsubscribe=One-Click` to the link from the mail's header, with no session. The signed
 * token is the only authority, and it can only unsubscribe the address it was made for. The
 * GET page explains and asks (link scanners follow GETs, so a GET never changes anything).
 */
export async function unsubscribeRoutes(app: FastifyInstance, secret: () => string) {
  await app.register((scope, _options, done) => {
    // Mail providers send the one-click body as a form; its content does not matter.
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, body),
    );
    scope.setErrorHandler(
      personPageErrors({
        invalid: INVALID_LINK_PAGE,
        tooMany: tooManyPage,
        failed: () => FAILED_PAGE,
      }),
    );
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    const valid = (address: string, token: string) =>
      verifyUnsubscribeToken(secret(), address, token);

    routes.get(
      '/api/unsubscribe',
      {
        config: { access: 'public', rateLimit: UNSUBSCRIBE_RATE_LIMIT },
        schema: {
          operationId: 'getUnsubscribePage',
          summary: 'Explain an unsubscribe link and offer the button (changes nothing)',
          tags: ['email'],
          querystring: querySchema,
          response: {
            200: htmlPageResponse('The page with the unsubscribe button.'),
            400: pageOrJsonResponse('The link is not valid.', publicErrorSchema),
            429: pageOrJsonResponse('Too many attempts from this address.', publicErrorSchema),
          },
        },
      },
      (request, reply) => {
        const { address, token } = request.query;
        if (!valid(address, token)) throw new HttpError(400, INVALID_LINK_MESSAGE);
        const action = `/api/unsubscribe?${new URLSearchParams({ address, token }).toString()}`;
        sendPersonPage(reply, 200, {
          title: 'Unsubscribe from ReelScore mail',
          body:
            `<p>Stop sending news and invitations to <strong>${escapeHtml(address)}</strong>? ` +
            `Mail about your own account (such as a notice that access ended) still arrives.</p>` +
            `<form method="post" action="${escapeHtml(action)}">` +
            `<input type="hidden" name="List-Unsubscribe" value="One-Click">` +
            `<button type="submit">Unsubscribe</button></form>`,
        });
      },
    );

    routes.post(
      '/api/unsubscribe',
      {
        config: { access: 'public', rateLimit: UNSUBSCRIBE_RATE_LIMIT },
        schema: {
          operationId: 'unsubscribe',
          summary: 'One-click unsubscribe (RFC 8058)',
          description:
            'No session needed: the token signs the address. Idempotent. Answers a page unless ' +
            'the client prefers JSON (`Accept: application/json`). Mail providers post the form ' +
            'body of RFC 8058; the server does not need it.',
          tags: ['email'],
          querystring: querySchema,
          documentedBody: {
            'application/x-www-form-urlencoded': oneClickBody,
            'multipart/form-data': oneClickBody,
          },
          response: {
            200: pageOrJsonResponse(
              'Unsubscribed (now or before).',
              z.object({ success: z.literal(true), message: z.string() }),
            ),
            400: pageOrJsonResponse('The link is not valid.', publicErrorSchema),
            413: publicErrorSchema.describe('The body is larger than 1 KiB.'),
            415: publicErrorSchema.describe('The body is neither a form nor JSON.'),
            429: pageOrJsonResponse('Too many attempts from this address.', publicErrorSchema),
          },
        },
      },
      async (request, reply) => {
        const { address, token } = request.query;
        if (!valid(address, token)) throw new HttpError(400, INVALID_LINK_MESSAGE);
        await markUnsubscribed(app.database.db, address);
        request.log.info({ email: maskEmail(address) }, 'address unsubscribed from marketing mail');
        const message = `${address} will get no more marketing mail from ReelScore.`;
        if (prefersPage(request)) {
          return sendPersonPage(reply, 200, {
            title: 'You are unsubscribed',
            body: `<p>${escapeHtml(message)}</p>${HOME_LINK}`,
          });
        }
        reply.header('cache-control', 'no-store');
        return { success: true as const, message };
      },
    );
    done();
  });
}
