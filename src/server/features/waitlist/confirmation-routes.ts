import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicErrorSchema } from '../../../contract/errors.ts';
import { z } from '../../../contract/zod.ts';
import type { AppConfig } from '../../config.ts';
import { toDate } from '../../db/schema.ts';
import { HttpError, ServiceUnavailableError } from '../../lib/http-errors.ts';
import { maskEmail } from '../../lib/mask.ts';
import {
  CONTACT_EMAIL,
  escapeHtml,
  personPageErrors,
  sendPersonPage,
  prefersPage,
  type PersonPage,
} from '../../platform/pages/person-page.ts';
import { pageOrJsonResponse } from '../../plugins/api-docs.ts';
import { networkKey } from '../../platform/addresses/network-key.ts';
import { unsubscribeSecret } from '../../platform/links/unsubscribe-token.ts';
import {
  confirmSignup,
  findConfirmableSignup,
  resendConfirmation,
  type ConfirmableSignup,
} from './confirmation-repository.ts';
import {
  CONFIRMATION_PATH,
  readConfirmationToken,
} from '../../platform/links/confirmation-token.ts';
import { PLACE_PATH, placePath, placeToken } from '../../platform/links/place-link.ts';

export const INVALID_CONFIRMATION_MESSAGE = 'This confirmation link is not valid.';
export const EXPIRED_CONFIRMATION_MESSAGE =
  'This confirmation link has expired. Ask for a new one from the page it opens.';
const UNAVAILABLE_MESSAGE =
  "We couldn't check your confirmation right now. Please try again in a moment.";
const RESEND_PATH = `${CONFIRMATION_PATH}/resend`;

/**
 * Per client address, on each route: a person opens the link, presses the button, perhaps
 * twice. Far above that, well below a guessing run (and a guess needs our signature anyway).
 */
export const CONFIRMATION_RATE_LIMIT = { max: 30, timeWindow: 60_000 };

const querySchema = z.object({
  token: z.string({ error: INVALID_CONFIRMATION_MESSAGE }).max(400, {
    error: INVALID_CONFIRMATION_MESSAGE,
  }),
});

const successSchema = z.object({ success: z.literal(true), message: z.string() });

/** What the confirmation page's button posts: a form with no fields (nothing is read). */
const buttonForm = z.object({}).meta({ description: 'The page’s button: an empty form.' });

const HOME_LINK = `<p><a href="/">Go to the ReelScore home page</a></p>`;

/** The state of a signup as its link shows it, checked signature first. */
type Inspection =
  { state: 'invalid' } | { state: 'expired' | 'confirmed' | 'pending'; signup: ConfirmableSignup };

function withToken(path: string, token: string): string {
  return `${path}?${new URLSearchParams({ token }).toString()}`;
}

function button(action: string, label: string): string {
  return `<form method="post" action="${escapeHtml(action)}"><button type="submit">${label}</button></form>`;
}

const INVALID_PAGE: PersonPage = {
  title: 'This confirmation link is not valid',
  body:
    `<p>Your mail program may have changed the link or cut it short. Open the latest mail from ` +
    `ReelScore and press its button. If that fails too, sign up again on the home page: an ` +
    `address that still needs confirming gets a new link.</p>${HOME_LINK}`,
};

function confirmPage(signup: ConfirmableSignup, token: string): PersonPage {
  return {
    title: 'Confirm your address',
    body:
      `<p>Confirm that <strong>${escapeHtml(signup.email)}</strong> is your address, to keep ` +
      `your place on the ReelScore waitlist.</p>${button(withToken(CONFIRMATION_PATH, token), 'Confirm')}`,
  };
}

function alreadyConfirmedPage(signup: ConfirmableSignup): PersonPage {
  const on = signup.confirmed_at
    ? ` on ${toDate(signup.confirmed_at).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}`
    : '';
  return {
    title: 'Already confirmed',
    body:
      `<p><strong>${escapeHtml(signup.email)}</strong> was confirmed${on}. There is nothing ` +
      `more to do: we will email you when your invitation is ready.</p>${HOME_LINK}`,
  };
}

function expiredPage(token: string): PersonPage {
  return {
    title: 'This confirmation link has expired',
    body:
      `<p>Confirmation links work for 7 days, and this one is older. We can send a new one to ` +
      `the address you signed up with.</p>${button(withToken(RESEND_PATH, token), 'Send me a new link')}`,
  };
}

function checkInboxPage(signup: ConfirmableSignup): PersonPage {
  return {
    title: 'Check your inbox',
    body:
      `<p>We have sent a link to confirm <strong>${escapeHtml(signup.email)}</strong>. It can ` +
      `take a few minutes to arrive; use the newest one. Nothing there? Look in the spam ` +
      `folder.</p>${HOME_LINK}`,
  };
}

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
    `<p class="alert" role="alert">Your address could not be confirmed just now. Please open ` +
    `the link again in a few minutes.</p><p>If it keeps failing, write to ` +
    `<a href="mailto:${CONTACT_EMAIL}">${CONTACT_EMAIL}</a>.</p>`,
};

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
  page: PersonPage,
  message: string,
): unknown {
  if (prefersPage(request)) return sendPersonPage(reply, 200, page);
  reply.header('cache-control', 'no-store');
  return { success: true as const, message };
}

/**
 * The double opt-in pages. Public and cookie-less: the signed token in the link is the only
 * authority, and it can only confirm the signup it names. GET shows the address and one button
 * and changes nothing (mail scanners open every link); the button's POST confirms. An expired
 * link still proves the signup, so its page offers a new one.
 */
export async function confirmationRoutes(app: FastifyInstance, config: AppConfig) {
  // The mail service signs with the same secret (read or made once, shared in the database);
  // the confirmation key is derived from it (confirmation-token.ts).
  const secret = await unsubscribeSecret(app.database.db, config.mail);
  const db = app.database.db;

  async function inspect(token: string, now: Date): Promise<Inspection> {
    const check = readConfirmationToken(secret, token, now);
    if (check.status === 'invalid') return { state: 'invalid' };
    const signup = await orUnavailable(() => findConfirmableSignup(db, check.params.signupId));
    // A signup that is gone (erased) cannot be confirmed: as good as no link.
    if (!signup) return { state: 'invalid' };
    if (signup.confirmed_at !== null) return { state: 'confirmed', signup };
    return { state: check.status === 'expired' ? 'expired' : 'pending', signup };
  }

  /** The answer every route gives a link that is not valid or has expired. */
  function refuse(
    request: FastifyRequest,
    reply: FastifyReply,
    inspection: Inspection,
    token: string,
  ) {
    if (inspection.state === 'expired') {
      if (prefersPage(request)) return sendPersonPage(reply, 410, expiredPage(token));
      throw new HttpError(410, EXPIRED_CONFIRMATION_MESSAGE);
    }
    throw new HttpError(400, INVALID_CONFIRMATION_MESSAGE);
  }

  await app.register((scope, _options, done) => {
    // The pages' buttons post an empty form; JSON (or no body) from scripts is read as usual.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, body),
    );
    scope.setErrorHandler(
      personPageErrors({ invalid: INVALID_PAGE, tooMany: tooManyPage, failed: () => FAILED_PAGE }),
    );
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    const errors = {
      400: pageOrJsonResponse(
        'The link is not valid: cut, changed, or of a signup that is gone.',
        publicErrorSchema,
      ),
      410: pageOrJsonResponse(
        'The link is older than 7 days; the page offers a new one.',
        publicErrorSchema,
      ),
      429: pageOrJsonResponse('Too many attempts from this address.', publicErrorSchema),
      503: pageOrJsonResponse('The database is unavailable; nothing changed.', publicErrorSchema),
    };
    const bodyErrors = {
      413: publicErrorSchema.describe('The body is larger than 1 KiB (a form) or 16 KiB (JSON).'),
      415: publicErrorSchema.describe('The body is neither a form nor JSON.'),
    };

    routes.get(
      CONFIRMATION_PATH,
      {
        config: { access: 'public', rateLimit: CONFIRMATION_RATE_LIMIT },
        schema: {
          operationId: 'getSignupConfirmationPage',
          summary:
            'Show the address of a confirmation link and its Confirm button (changes nothing)',
          description:
            'Mail scanners open every link, so this only shows the page; its button POSTs to the ' +
            'same address. Answers pages unless the client prefers JSON (`Accept: application/json`).',
          tags: ['signup'],
          querystring: querySchema,
          response: {
            200: pageOrJsonResponse(
              'The Confirm page, or the page saying the address is already confirmed.',
              successSchema,
            ),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const { token } = request.query;
        const inspection = await inspect(token, new Date());
        if (inspection.state === 'pending') {
          const { signup } = inspection;
          return answer(
            request,
            reply,
            confirmPage(signup, token),
            `POST to this address to confirm ${signup.email}.`,
          );
        }
        if (inspection.state === 'confirmed') {
          const { signup } = inspection;
          return answer(
            request,
            reply,
            alreadyConfirmedPage(signup),
            `${signup.email} is already confirmed.`,
          );
        }
        return refuse(request, reply, inspection, token);
      },
    );

    routes.post(
      CONFIRMATION_PATH,
      {
        config: { access: 'public', rateLimit: CONFIRMATION_RATE_LIMIT },
        schema: {
          operationId: 'confirmSignup',
          summary: 'Confirm the signup of a confirmation link',
          description:
            'Idempotent: the first call sets the confirmation time, later ones say it is ' +
            'already confirmed. No session needed: the token signs the signup.',
          tags: ['signup'],
          querystring: querySchema,
          documentedBody: { 'application/x-www-form-urlencoded': buttonForm },
          response: {
            200: pageOrJsonResponse('Confirmed (now or before).', successSchema),
            303: z
              .undefined()
              .describe(
                'Confirmed now, for a browser: to the person’s own page (`Location`), which ' +
                  'opens with the confirmation’s words.',
              ),
            ...errors,
            ...bodyErrors,
          },
        },
      },
      async (request, reply) => {
        const { token } = request.query;
        const inspection = await inspect(token, new Date());
        if (inspection.state === 'confirmed') {
          const { signup } = inspection;
          return answer(
            request,
            reply,
            alreadyConfirmedPage(signup),
            `${signup.email} is already confirmed.`,
          );
        }
        if (inspection.state !== 'pending') return refuse(request, reply, inspection, token);
        const { signup } = inspection;
        const now = new Date();
        const confirmedNow = await orUnavailable(() =>
          confirmSignup(db, signup.id, now, {
            network: networkKey(secret, request.ip),
            rules: config.referrals,
            placeMail: true,
          }),
        );
        if (!confirmedNow) {
          // Another request confirmed it in between.
          return answer(
            request,
            reply,
            alreadyConfirmedPage(signup),
            `${signup.email} is already confirmed.`,
          );
        }
        request.log.info({ email: maskEmail(signup.email) }, 'signup confirmed');
        if (prefersPage(request)) {
          // A browser goes on to the person's own page (a 303: a reload does not post again).
          const token = await placeToken(secret, signup.id, now);
          return reply
            .code(303)
            .header('cache-control', 'no-store')
            .header('location', placePath(token, PLACE_PATH, { notice: 'confirmed' }))
            .send();
        }
        reply.header('cache-control', 'no-store');
        return { success: true as const, message: `${signup.email} is confirmed.` };
      },
    );

    routes.post(
      RESEND_PATH,
      {
        config: { access: 'public', rateLimit: CONFIRMATION_RATE_LIMIT },
        schema: {
          operationId: 'resendSignupConfirmation',
          summary: 'Send a new confirmation link for an expired one',
          description:
            'An expired link still proves the signup, so it may ask for a new mail; the same ' +
            'limits as a repeated signup apply (one an hour, three a day per address), and the ' +
            'answer is the same whether or not a mail was queued now. A link that is still ' +
            'valid is answered like an expired one: it can ask for a new mail too.',
          tags: ['signup'],
          querystring: querySchema,
          documentedBody: { 'application/x-www-form-urlencoded': buttonForm },
          response: {
            200: pageOrJsonResponse(
              'Check your inbox (a new mail is queued, or one was sent within the limits); or ' +
                'the address is already confirmed.',
              successSchema,
            ),
            400: errors[400],
            429: errors[429],
            503: errors[503],
            ...bodyErrors,
          },
        },
      },
      async (request, reply) => {
        const { token } = request.query;
        const inspection = await inspect(token, new Date());
        if (inspection.state === 'invalid') throw new HttpError(400, INVALID_CONFIRMATION_MESSAGE);
        const { signup } = inspection;
        const outcome =
          inspection.state === 'confirmed'
            ? 'confirmed'
            : await orUnavailable(() => resendConfirmation(db, signup.id));
        if (outcome === 'missing') throw new HttpError(400, INVALID_CONFIRMATION_MESSAGE);
        if (outcome === 'confirmed') {
          return answer(
            request,
            reply,
            alreadyConfirmedPage(signup),
            `${signup.email} is already confirmed.`,
          );
        }
        request.log.info(
          { email: maskEmail(signup.email), queued: outcome === 'queued' },
          'new confirmation link asked for',
        );
        return answer(
          request,
          reply,
          checkInboxPage(signup),
          `Check your inbox: a link to confirm ${signup.email} is on its way.`,
        );
      },
    );
    done();
  });
}
