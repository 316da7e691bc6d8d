import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicErrorSchema } from '../../../contract/errors.ts';
import {
  signupRequestSchema,
  signupResponseSchema,
  type SignupResponse,
} from '../../../contract/signup.ts';
import {
  HONEYPOT_FIELD,
  REFERRAL_FIELD,
  SIGNUP_ACCEPTED_MESSAGE,
} from '../../../contract/signup-types.ts';
import type { AppConfig } from '../../config.ts';
import { clientKey } from '../../lib/client-key.ts';
import { HttpError, ServiceUnavailableError } from '../../lib/http-errors.ts';
import { maskEmail } from '../../lib/mask.ts';
import { groupCommit } from '../../lib/group-commit.ts';
import {
  DISPOSABLE_EMAIL_MESSAGE,
  disposableAddressCheck,
  emailDomain,
} from '../../platform/addresses/disposable-domains.ts';
import { networkKey } from '../../platform/addresses/network-key.ts';
import { REFERRAL_CODE_PATTERN } from '../../platform/line/referrals.ts';
import { unsubscribeSecret } from '../../platform/links/unsubscribe-token.ts';
import type { AcceptSignup } from './signup-input.ts';
import { signupFormRoute } from './signup-form-route.ts';
import { insertSignups, type NewSignup } from './signup-repository.ts';

const ACCEPTED: SignupResponse = { success: true, message: SIGNUP_ACCEPTED_MESSAGE };

/**
 * One counter per client over every way to sign up (the JSON call and the form without
 * JavaScript), so a client cannot double its signups by taking turns. A route's own
 * `config.rateLimit` counts that route alone, `groupId` included (fastify/fastify-rate-limit#463),
 * so both routes run this one limiter as an onRequest hook instead.
 */
function signupLimit(app: FastifyInstance, config: AppConfig): onRequestAsyncHookHandler {
  return app.rateLimit({
    max: config.signupRateLimit.max,
    timeWindow: config.signupRateLimit.windowMs,
    keyGenerator: (request) => `signup:${clientKey(request.ip, request.socket.remoteAddress)}`,
  });
}

export function signupRoutes(app: FastifyInstance, config: AppConfig) {
  // Concurrent signups share one commit; each request is answered after its own row is saved.
  // SQLite has one writer; PostgreSQL commits two transactions at once: with four, 50 waiting
  // requests split into batches of about 12, each paying a batch's round trips and commit
  // (A/B in one sitting, 6 s each: about 2,020 signups a second with four, 2,380 with two,
  // 2,130 with one; p99 70-89, 60-64 and 53-59 ms). Since a batch is one call (decision 0044),
  // one and two in flight are within the machine's spread of each other.
  const recordSignup = groupCommit(
    (signups: NewSignup[]) =>
      insertSignups(
        app.database.db,
        signups,
        new Date(),
        config.signupConfirmation ? 'mail' : 'at-once',
        config.referrals,
      ),
    // On SQLite a batch waits up to two more turns of the loop while requests keep coming in
    // (decision 0037's addendum: about 33 signups a commit became 47, 7-21% more a second in A/B
    // pairs). PostgreSQL is bound by a batch's latency, not the loop: there a batch goes at once
    // (decision 0037's last addendum: 6% more a second in alternated runs).
    app.database.dialect === 'postgres'
      ? { concurrency: 2, settleTurns: 0 }
      : { concurrency: 1, settleTurns: 2 },
  );
  const isDisposable = disposableAddressCheck(config.disposableDomainsAllowed);
  // The networks of referred signups are keyed with the service's secret (read once, lazily).
  let secret: Promise<string> | undefined;
  const networkOf = async (ref: string | undefined, ip: string) => {
    if (ref === undefined || !REFERRAL_CODE_PATTERN.test(ref)) return undefined;
    secret ??= unsubscribeSecret(app.database.db, config.mail);
    return networkKey(await secret, ip);
  };
  const acceptSignup: AcceptSignup = async ({ email, signupType, honeypot, ref, ip }, log) => {
    if (honeypot) {
      log.info({ signupType }, 'signup dropped: honeypot field filled');
      return;
    }
    // Decided by the domain alone, before any lookup, so known and new addresses match.
    if (isDisposable(email)) {
      log.info({ domain: emailDomain(email), signupType }, 'signup refused: disposable');
      throw new HttpError(400, DISPOSABLE_EMAIL_MESSAGE);
    }
    try {
      const network = await networkOf(ref, ip);
      const { created } = await recordSignup({
        email,
        program: config.signupProgram,
        source: signupType,
        ...(ref !== undefined && REFERRAL_CODE_PATTERN.test(ref) ? { ref } : {}),
        ...(network !== undefined ? { network } : {}),
      });
      log.debug({ email: maskEmail(email), signupType, created }, 'signup recorded');
      app.metrics.signupAccepted(created ? 'new' : 'repeat');
    } catch (error) {
      throw new ServiceUnavailableError(
        "We couldn't save your signup right now. Please try again in a moment.",
        { cause: error },
      );
    }
  };
  const limit = signupLimit(app, config);
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/utility/signup',
    {
      config: { access: 'public' },
      onRequest: limit,
      schema: {
        operationId: 'joinWaitlist',
        summary: 'Join the early-access waitlist',
        description:
          'Records the address once. A new and an already known address get the same answer, ' +
          'so the endpoint does not reveal who is on the list. Unless `SIGNUP_CONFIRMATION` is ' +
          'off, a new address gets a mail with a link to confirm it (`/api/signup/confirm`), and ' +
          'a known unconfirmed one a new mail, at most 3 a day and 1 an hour.',
        tags: ['signup'],
        body: signupRequestSchema,
        response: {
          200: signupResponseSchema.describe(
            'Accepted; the same answer whether or not the address was already on the list.',
          ),
          400: publicErrorSchema.describe(
            'The body is not valid, or the address is at a disposable-mail domain; the text says why.',
          ),
          413: publicErrorSchema.describe('The body is larger than 16 KiB.'),
          415: publicErrorSchema.describe('The body must be JSON.'),
          429: publicErrorSchema.describe(
            'Too many signups from this address (this call and the form together); try again later.',
          ),
          503: publicErrorSchema.describe('The signup could not be saved; nothing was recorded.'),
        },
      },
    },
    async (request) => {
      const { email, signupType } = request.body;
      await acceptSignup(
        {
          email,
          signupType,
          honeypot: request.body[HONEYPOT_FIELD],
          ref: request.body[REFERRAL_FIELD],
          ip: request.ip,
        },
        request.log,
      );
      return ACCEPTED;
    },
  );
  signupFormRoute(app, config, { acceptSignup, limit });
}
