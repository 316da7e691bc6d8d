import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emailSchema } from '../../../contract/email.ts';
import { publicErrorSchema } from '../../../contract/errors.ts';
import { dataRequestAnswerSchema } from '../../../contract/privacy.ts';
import { z } from '../../../contract/zod.ts';
import { HttpError, ServiceUnavailableError } from '../../lib/http-errors.ts';
import { maskEmail } from '../../lib/mask.ts';
import { personPageErrors, sendPersonPage, prefersPage } from '../../platform/pages/person-page.ts';
import { pageOrJsonResponse } from '../../plugins/api-docs.ts';
import { queueDataExport } from './data-export.ts';
import {
  alreadyDeletedPage,
  copyPage,
  deletedPage,
  erasureConfirmPage,
  failedPage,
  INVALID_PAGE,
  notMailedPage,
  sentPage,
  tooManyPage,
} from './data-request-pages.ts';
import {
  DATA_ERASURE_PATH,
  DATA_REQUEST_PATH,
  ERASURE_CONFIRMATION,
  verifyDataRequestToken,
} from '../../platform/links/data-request-token.ts';
import { erasePersonalData } from './erasure-repository.ts';
import { holdsPersonalData } from './personal-data-repository.ts';
import { DATA_REQUEST_LINK_ACTOR } from './privacy-audit.ts';
import { addressHash, isSuppressed } from '../../platform/mail/suppression.ts';

export const INVALID_DATA_REQUEST_MESSAGE = 'This data request link is not valid.';
export const ERASED_ADDRESS_MESSAGE =
  'The data of this address was deleted at its owner’s request; we no longer mail it.';
export const ERASURE_NOT_CONFIRMED_MESSAGE =
  'Nothing was deleted: confirm the deletion with confirm=delete, as the page’s button does.';
const UNAVAILABLE_MESSAGE =
  "We couldn't handle your request right now. Nothing was changed; please try again in a moment.";

/**
 * Per client address, on each route: a person opens the page and presses a button, perhaps
 * twice. Far above that, well below a guessing run (and a guess needs our signature anyway).
 */
export const DATA_REQUEST_RATE_LIMIT = { max: 20, timeWindow: 60_000 };

const querySchema = z.object({
  address: emailSchema,
  token: z.string({ error: INVALID_DATA_REQUEST_MESSAGE }).max(200, {
    error: INVALID_DATA_REQUEST_MESSAGE,
  }),
});

/** What the page's buttons post: a form with no fields (nothing is read). */
const buttonForm = z.object({}).meta({ description: 'The page’s button: an empty form.' });

/** What the erasure's confirmation button posts; without it nothing is deleted. */
const erasureForm = z
  .object({ confirm: z.literal(ERASURE_CONFIRMATION) })
  .meta({ description: 'The confirmation page’s button: `confirm=delete`.' });

/** Whether the body (the button's form, or a script's JSON object) confirms the erasure. */
function confirmsErasure(request: FastifyRequest): boolean {
  const { body } = request;
  if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
    return (
      typeof body === 'string' &&
      new URLSearchParams(body).getAll('confirm').includes(ERASURE_CONFIRMATION)
    );
  }
  return (
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    (body as { confirm?: unknown }).confirm === ERASURE_CONFIRMATION
  );
}

async function orUnavailable<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new ServiceUnavailableError(UNAVAILABLE_MESSAGE, { cause: error });
  }
}

/** The page, or `{success, message}` for a client that prefers JSON. */
function answer(
  request: FastifyRequest,
  reply: FastifyReply,
  page: Parameters<typeof sendPersonPage>[2],
  message: string,
): unknown {
  if (prefersPage(request)) return sendPersonPage(reply, 200, page);
  reply.header('cache-control', 'no-store');
  return { success: true as const, message };
}

/** The state of an address as its link finds it. */
interface Standing {
  /** Erased before: never mailed again, so no copy can be sent. */
  erased: boolean;
  /** Something still names it (after an erasure: it came back, e.g. a new signup). */
  holds: boolean;
}

/**
 * The data-request pages (GDPR art. 15 and 17), reached from the footer of every mail. Public
 * and cookie-less: the signed token is the only authority, and it names exactly one address.
 * Each of the mail's two links opens its own page, and no GET changes anything (mail scanners
 * open every link): the copy page's button mails a copy; the delete page says what will be gone
 * and deletes only on its button's POST, which carries `confirm=delete`. A copy goes only to the
 * address itself, by mail, never to whoever holds the link.
 */
export async function dataRequestRoutes(app: FastifyInstance, secret: string) {
  const db = app.database.db;

  async function standing(address: string): Promise<Standing> {
    return orUnavailable(async () => ({
      erased: await isSuppressed(db, secret, address),
      holds: await holdsPersonalData(db, address),
    }));
  }

  function checked(query: { address: string; token: string }) {
    if (!verifyDataRequestToken(secret, query.address, query.token)) {
      throw new HttpError(400, INVALID_DATA_REQUEST_MESSAGE);
    }
    return query;
  }

  /** A link whose address was erased and holds nothing since: used up. */
  function refuseUsed(request: FastifyRequest, reply: FastifyReply, address: string) {
    if (prefersPage(request)) return sendPersonPage(reply, 410, alreadyDeletedPage(address));
    throw new HttpError(410, ERASED_ADDRESS_MESSAGE);
  }

  await app.register((scope, _options, done) => {
    // The page's buttons post an empty form; JSON (or no body) from scripts is read as usual.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, body),
    );
    scope.setErrorHandler(
      personPageErrors({ invalid: INVALID_PAGE, tooMany: tooManyPage, failed: failedPage }),
    );
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    const errors = {
      400: pageOrJsonResponse('The link is not valid: cut, changed or made up.', publicErrorSchema),
      410: pageOrJsonResponse(
        'The address was erased and nothing is held about it since.',
        publicErrorSchema,
      ),
      429: pageOrJsonResponse('Too many attempts from this address.', publicErrorSchema),
      503: pageOrJsonResponse('The database is unavailable; nothing changed.', publicErrorSchema),
    };
    const bodyErrors = {
      413: publicErrorSchema.describe('The body is larger than 1 KiB (a form) or 16 KiB (JSON).'),
      415: publicErrorSchema.describe('The body is neither a form nor JSON.'),
    };
    const config = { access: 'public' as const, rateLimit: DATA_REQUEST_RATE_LIMIT };

    routes.get(
      DATA_REQUEST_PATH,
      {
        config,
        schema: {
          operationId: 'getDataRequestPage',
          summary: 'Offer a copy of the data held about the address (changes nothing)',
          description:
            'The "Get a copy of your data" link of every mail: a page whose button sends the ' +
            'address a copy by mail, with a link to the separate deletion page. Mail scanners ' +
            'open every link, so this only shows the page. Answers pages unless the ' +
            'client prefers JSON (`Accept: application/json`).',
          tags: ['privacy'],
          querystring: querySchema,
          response: {
            200: pageOrJsonResponse('The page with its button.', dataRequestAnswerSchema),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const { address, token } = checked(request.query);
        const { erased, holds } = await standing(address);
        if (erased && !holds) return refuseUsed(request, reply, address);
        return answer(
          request,
          reply,
          copyPage(address, token, { canMail: !erased }),
          `POST to ${DATA_REQUEST_PATH}/export for a copy of the data of ${address} by mail.`,
        );
      },
    );

    routes.get(
      DATA_ERASURE_PATH,
      {
        config,
        schema: {
          operationId: 'getDataErasurePage',
          summary: 'Say what deleting the address’s data removes, and ask (changes nothing)',
          description:
            'The "Delete your data" link of every mail: a page that lists everything the ' +
            'deletion removes and whose one button POSTs the deletion with `confirm=delete`. ' +
            'Opening it deletes nothing.',
          tags: ['privacy'],
          querystring: querySchema,
          response: {
            200: pageOrJsonResponse('The confirmation page.', dataRequestAnswerSchema),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const { address, token } = checked(request.query);
        const { erased, holds } = await standing(address);
        if (erased && !holds) return refuseUsed(request, reply, address);
        return answer(
          request,
          reply,
          erasureConfirmPage(address, token),
          `POST to ${DATA_ERASURE_PATH} with confirm=${ERASURE_CONFIRMATION} to erase the ` +
            `data of ${address}; nothing is deleted until then.`,
        );
      },
    );

    routes.post(
      `${DATA_REQUEST_PATH}/export`,
      {
        config,
        schema: {
          operationId: 'requestDataCopy',
          summary: 'Send the address a copy of the data held about it',
          description:
            'Queues the mail "Your ReelScore data" to the address itself, with everything held ' +
            'about it as a JSON file made when the mail leaves. At most one copy per address an ' +
            'hour; the answer is the same either way. An erased address is never mailed (410).',
          tags: ['privacy'],
          querystring: querySchema,
          documentedBody: { 'application/x-www-form-urlencoded': buttonForm },
          response: {
            200: pageOrJsonResponse('Queued (now or within the hour).', dataRequestAnswerSchema),
            ...errors,
            410: pageOrJsonResponse(
              'The address was erased: it is never mailed.',
              publicErrorSchema,
            ),
            ...bodyErrors,
          },
        },
      },
      async (request, reply) => {
        const { address } = checked(request.query);
        if (await orUnavailable(() => isSuppressed(db, secret, address))) {
          if (prefersPage(request)) return sendPersonPage(reply, 410, notMailedPage(address));
          throw new HttpError(410, ERASED_ADDRESS_MESSAGE);
        }
        const { queued } = await orUnavailable(() =>
          queueDataExport(db, {
            address,
            actor: DATA_REQUEST_LINK_ACTOR,
            requestedBy: 'system',
          }),
        );
        app.mailer.nudge();
        request.log.info({ email: maskEmail(address), queued }, 'data copy asked for by its owner');
        return answer(
          request,
          reply,
          sentPage(address),
          `A copy of the data held about ${address} is on its way to that address.`,
        );
      },
    );

    routes.post(
      DATA_ERASURE_PATH,
      {
        config,
        schema: {
          operationId: 'eraseMyData',
          summary: 'Erase everything held about the address, once confirmed',
          description:
            'Only with `confirm=delete` (the confirmation page’s button, or JSON from a ' +
            'script); without it nothing is deleted: 400, and a browser gets the confirmation ' +
            'page. In one transaction: the signup, whitelist entry, app registration, ' +
            'unsubscribe record and every mail to the address are deleted, the audit log ' +
            'names it by a keyed hash, and that hash is kept so the address is never mailed ' +
            'again. No confirmation mail is sent: the answer is the confirmation.',
          tags: ['privacy'],
          querystring: querySchema,
          documentedBody: {
            'application/x-www-form-urlencoded': erasureForm,
            'application/json': erasureForm,
          },
          response: {
            200: pageOrJsonResponse('Erased.', dataRequestAnswerSchema),
            ...errors,
            400: pageOrJsonResponse(
              'The link is not valid, or the deletion was not confirmed (nothing was deleted; ' +
                'a browser gets the confirmation page).',
              publicErrorSchema,
            ),
            ...bodyErrors,
          },
        },
      },
      async (request, reply) => {
        const { address, token } = checked(request.query);
        const { erased, holds } = await standing(address);
        if (erased && !holds) return refuseUsed(request, reply, address);
        if (!confirmsErasure(request)) {
          // An older page's button, or a script that did not say so: ask, delete nothing.
          if (prefersPage(request)) {
            return sendPersonPage(reply, 400, erasureConfirmPage(address, token));
          }
          throw new HttpError(400, ERASURE_NOT_CONFIRMED_MESSAGE);
        }
        const hash = addressHash(secret, address);
        await orUnavailable(() =>
          erasePersonalData(db, { address, hash, actor: DATA_REQUEST_LINK_ACTOR }),
        );
        request.log.info({ email: maskEmail(address) }, 'address erased by its owner');
        return answer(
          request,
          reply,
          deletedPage(address),
          `The data of ${address} is deleted; the address will not be mailed again.`,
        );
      },
    );
    done();
  });
}
