import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emailSchema } from '../../../contract/email.ts';
import { publicErrorSchema } from '../../../contract/errors.ts';
import { z } from '../../../contract/zod.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { maskEmail } from '../../lib/mask.ts';
import { markUnsubscribed } from './email-repository.ts';
import { verifyUnsubscribeToken } from './unsubscribe-token.ts';

const querySchema = z.object({
  address: emailSchema,
  token: z.string({ error: 'This unsubscribe link is not valid.' }).max(200),
});

const INVALID_LINK_MESSAGE = 'This unsubscribe link is not valid.';

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (character) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!,
  );
}

function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(title)} · ReelScore</title>` +
    `</head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
  );
}

function wantsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

function sendPage(reply: FastifyReply, title: string, body: string) {
  return reply
    .code(200)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page(title, body));
}

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
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    const valid = (address: string, token: string) =>
      verifyUnsubscribeToken(secret(), address, token);

    routes.get(
      '/api/unsubscribe',
      {
        config: { access: 'public' },
        schema: {
          summary: 'Explain an unsubscribe link and offer the button (changes nothing)',
          tags: ['email'],
          querystring: querySchema,
          response: { 400: publicErrorSchema },
        },
      },
      (request, reply) => {
        const { address, token } = request.query;
        if (!valid(address, token)) throw new HttpError(400, INVALID_LINK_MESSAGE);
        const action = `/api/unsubscribe?${new URLSearchParams({ address, token }).toString()}`;
        sendPage(
          reply,
          'Unsubscribe from ReelScore mail',
          `<p>Stop sending news and invitations to <strong>${escapeHtml(address)}</strong>? ` +
            `Mail about your own account (such as a notice that access ended) still arrives.</p>` +
            `<form method="post" action="${escapeHtml(action)}">` +
            `<input type="hidden" name="List-Unsubscribe" value="One-Click">` +
            `<button type="submit">Unsubscribe</button></form>`,
        );
      },
    );

    routes.post(
      '/api/unsubscribe',
      {
        config: { access: 'public' },
        schema: {
          summary: 'One-click unsubscribe (RFC 8058)',
          description:
            'No session needed: the token signs the address. Idempotent. Answers a page to a ' +
            'browser and JSON otherwise.',
          tags: ['email'],
          querystring: querySchema,
          response: {
            200: z.object({ success: z.literal(true), message: z.string() }),
            400: publicErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const { address, token } = request.query;
        if (!valid(address, token)) throw new HttpError(400, INVALID_LINK_MESSAGE);
        await markUnsubscribed(app.database.db, address);
        request.log.info({ email: maskEmail(address) }, 'address unsubscribed from marketing mail');
        const message = `${address} will get no more marketing mail from ReelScore.`;
        if (wantsHtml(request)) {
          return sendPage(reply, 'You are unsubscribed', `<p>${escapeHtml(message)}</p>`);
        }
        reply.header('cache-control', 'no-store');
        return { success: true as const, message };
      },
    );
    done();
  });
}
