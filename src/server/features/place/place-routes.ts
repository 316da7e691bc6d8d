import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicErrorSchema } from '../../../contract/errors.ts';
import { isProduct, PRODUCTS, type Product } from '../../../contract/place.ts';
import { REFERRAL_LINK_PREFIX } from '../../../contract/signup-types.ts';
import { z } from '../../../contract/zod.ts';
import type { AppConfig } from '../../config.ts';
import { relaxedCommit } from '../../db/relaxed-commit.ts';
import { HttpError, ServiceUnavailableError } from '../../lib/http-errors.ts';
import { maskEmail } from '../../lib/mask.ts';
import { networkKey } from '../../platform/addresses/network-key.ts';
import {
  estimateFor,
  estimateInWords,
  invitePace,
  type Pace,
} from '../../platform/line/estimate.ts';
import { placeWithBoostOf } from '../../platform/line/line.ts';
import {
  noteNetwork,
  REFERRAL_CODE_PATTERN,
  referralCodeFor,
  referralCounts,
} from '../../platform/line/referrals.ts';
import { dataErasureUrl, dataRequestUrl } from '../../platform/links/data-request-token.ts';
import { PLACE_PATH, placePath, readPlaceToken } from '../../platform/links/place-link.ts';
import { unsubscribeSecret, unsubscribeUrl } from '../../platform/links/unsubscribe-token.ts';
import { personPageErrors, prefersPage, sendPersonPage } from '../../platform/pages/person-page.ts';
import { pageOrJsonResponse } from '../../plugins/api-docs.ts';
import { buildHasAnalytics, inlineScriptHashes } from '../../plugins/page-policies.ts';
import { helmetOptions, securityHeaders } from '../../plugins/security-headers.ts';
import {
  askLinkPage,
  FAILED_PAGE,
  GONE_PAGE,
  INVALID_PAGE,
  invitedPage,
  LEAVE_PATH,
  leavePage,
  LEFT_PAGE,
  LINK_PATH,
  LINK_SENT_MESSAGE,
  MAIL_PATH,
  PRODUCTS_PATH,
  tooManyPage,
  unconfirmedPage,
  UNKNOWN_PRODUCT_MESSAGE,
  unknownProductPage,
  waitingPage,
  type DataLinks,
  type Notice,
} from './place-pages.ts';
import {
  findPlacePerson,
  leaveWaitlist,
  queuePlaceLinkAgain,
  saveWants,
  setMovedMail,
  type PlacePerson,
} from './place-repository.ts';

export const INVALID_PLACE_MESSAGE = 'This link is not valid.';
export const GONE_PLACE_MESSAGE = 'This person is no longer on the waitlist.';
const UNAVAILABLE_MESSAGE = "We couldn't open your page right now. Please try again in a moment.";
const LEAVE_CONFIRMATION = 'leave';
/** How long the pace of recent waves is reused between views. */
const PACE_CACHE_MS = 60_000;
/** A view notes the person's network again when it changed or after this long. */
const NETWORK_NOTE_MS = 24 * 60 * 60 * 1000;

/** Per client address, on each route, as on the other pages people reach from a mail. */
export const PLACE_RATE_LIMIT = { max: 30, timeWindow: 60_000 };
/** "Send me my link again": a person asks once or twice; a run of addresses is refused. */
export const PLACE_LINK_RATE_LIMIT = { max: 10, timeWindow: 60_000 };

const NOTICES = ['confirmed', 'saved', 'mail-on', 'mail-off'] as const;

const tokenQuery = z.object({
  token: z
    .string({ error: INVALID_PLACE_MESSAGE })
    .max(600, { error: INVALID_PLACE_MESSAGE })
    .meta({ description: 'The signed link of the person’s page (a year long).' }),
});
const pageQuery = tokenQuery.extend({
  notice: z
    .string()
    .max(20)
    .optional()
    .meta({ description: 'A notice to show once: confirmed, saved, mail-on, mail-off.' }),
});

const placeSchema = z.object({
  state: z.enum(['waiting', 'unconfirmed', 'invited']),
  email: z.string(),
  place: z.number().int().optional(),
  waiting: z.number().int().optional(),
  estimate: z.string().optional(),
  referralUrl: z.string().optional(),
  friends: z
    .object({ confirmed: z.number().int(), pending: z.number().int(), held: z.number().int() })
    .optional(),
  placesGained: z.number().int().optional(),
  wants: z.array(z.enum(PRODUCTS)),
  movedUpMail: z.boolean().optional(),
});
const successSchema = z.object({ success: z.literal(true), message: z.string() });

const productsBody = z
  .object({
    products: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .meta({ description: `Any of ${PRODUCTS.join(', ')}; none clears the choice.` }),
  })
  .meta({ description: 'The products wanted first (a form repeats the field).' });
const mailBody = z
  .object({ moved: z.enum(['on', 'off']) })
  .meta({ description: 'Whether to mail the person when they move up.' });
const leaveBody = z
  .object({ confirm: z.literal(LEAVE_CONFIRMATION) })
  .meta({ description: 'The page’s button sends `confirm=leave`; nothing else leaves.' });
const linkBody = z
  .object({ email: z.string() })
  .meta({ description: 'The address the person signed up with.' });

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null
    ? (body as Record<string, unknown>)[name]
    : undefined;
}

/** The products a body names, or undefined if it names anything else. */
export function readProducts(body: unknown): Product[] | undefined {
  const raw = field(body, 'products');
  const values = raw === undefined ? [] : Array.isArray(raw) ? (raw as unknown[]) : [raw];
  if (values.length > 10) return undefined;
  const chosen = new Set<Product>();
  for (const value of values) {
    if (typeof value !== 'string') return undefined;
    if (value === '') continue; // the form's empty field, so no box ticked still sends
    if (!isProduct(value)) return undefined;
    chosen.add(value);
  }
  return PRODUCTS.filter((product) => chosen.has(product));
}

async function orUnavailable<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new ServiceUnavailableError(UNAVAILABLE_MESSAGE, { cause: error });
  }
}

/**
 * The person's own page, "your place" (decision 0040), and the pages around it: their place,
 * an estimate, their referral link and friends, the products they want first, the "you moved
 * up" mail, links to their data, leaving the waitlist, and their link again by mail. Public and
 * cookie-less: the signed link (platform/links/place-link.ts) is the only authority. GET shows
 * and changes nothing; each change is a POST from the page's own forms (pages, or JSON for a
 * client that prefers it).
 */
export async function placeRoutes(app: FastifyInstance, config: AppConfig) {
  const db = app.database.db;
  const secret = await unsubscribeSecret(db, config.mail);
  const publicUrl = config.publicUrl;

  /** The person's signed links to privacy's pages, on this site (path and query). */
  function dataLinks(email: string): DataLinks {
    const local = (href: string) => {
      const url = new URL(href);
      return url.pathname + url.search;
    };
    return {
      unsubscribeUrl: local(unsubscribeUrl(publicUrl, secret, email)),
      dataRequestUrl: local(dataRequestUrl(publicUrl, secret, email)),
      dataErasureUrl: local(dataErasureUrl(publicUrl, secret, email)),
    };
  }

  /** The person a token names: a refusal for a bad link (400) or a person gone (410). */
  async function personOf(token: string): Promise<PlacePerson> {
    const id = await readPlaceToken(secret, token);
    if (!id) throw new HttpError(400, INVALID_PLACE_MESSAGE);
    const person = await orUnavailable(() => findPlacePerson(db, id));
    if (!person) throw new HttpError(410, GONE_PLACE_MESSAGE);
    return person;
  }

  function backToPage(reply: FastifyReply, token: string, notice: Notice) {
    return reply
      .code(303)
      .header('cache-control', 'no-store')
      .header('location', placePath(token, PLACE_PATH, { notice }))
      .send();
  }

  // The pace of the waves changes with a wave, not with each view: read again when a wave was
  // made (a look at the few rows of invite_waves), and each minute while one is being sent.
  let pace: { at: number; waves: string; value: Promise<Pace> } | undefined;
  async function recentPace(): Promise<Pace> {
    const now = Date.now();
    const row = await db
      .selectFrom('invite_waves')
      .select((eb) => [eb.fn.countAll<string | number>().as('count'), eb.fn.max('id').as('last')])
      .executeTakeFirst();
    const waves = `${row?.count ?? 0}:${row?.last ?? ''}`;
    if (!pace || pace.waves !== waves || now - pace.at > PACE_CACHE_MS) {
      const value = invitePace(db);
      pace = { at: now, waves, value };
      value.catch(() => (pace = undefined));
    }
    return pace.value;
  }

  async function waitingView(person: PlacePerson, token: string, notice: Notice | undefined) {
    const [line, counts, pace, code] = await orUnavailable(() =>
      Promise.all([
        placeWithBoostOf(db, person.spot),
        referralCounts(db, person.id),
        recentPace(),
        person.referralCode ?? referralCodeFor(db, person.id),
      ]),
    );
    if (!line || !code) return undefined;
    const estimate = estimateInWords(estimateFor(line.place, pace));
    const referralUrl = new URL(`${REFERRAL_LINK_PREFIX}${code}`, publicUrl).href;
    return {
      email: person.email,
      token,
      notice,
      place: line.place,
      waiting: line.waiting,
      estimate,
      referralUrl,
      friendsConfirmed: counts.credited,
      friendsPending: counts.pending,
      held: counts.held,
      gained: Math.max(0, line.placeWithoutBoost - line.place),
      placesPerFriend: config.referrals.places,
      cap: config.referrals.cap,
      wants: person.wants,
      movedMail: config.movedUpMail ? person.movedMail : undefined,
      links: dataLinks(person.email),
    };
  }

  await app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 2048 });
    scope.setErrorHandler(
      personPageErrors({ invalid: INVALID_PAGE, tooMany: tooManyPage, failed: () => FAILED_PAGE }),
    );
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    const errors = {
      400: pageOrJsonResponse(
        'The link is not valid (cut, changed, older than a year), or the input is.',
        publicErrorSchema,
      ),
      410: pageOrJsonResponse('The person is no longer on the waitlist.', publicErrorSchema),
      429: pageOrJsonResponse('Too many attempts from this address.', publicErrorSchema),
      503: pageOrJsonResponse('The database is unavailable; nothing changed.', publicErrorSchema),
    };

    /** A refusal as a page (410 has its own), or the JSON error for a script. */
    function refuse(request: FastifyRequest, reply: FastifyReply, error: unknown): unknown {
      if (error instanceof HttpError && error.statusCode === 410 && prefersPage(request)) {
        return sendPersonPage(reply, 410, GONE_PAGE);
      }
      throw error;
    }

    routes.get(
      PLACE_PATH,
      {
        config: { access: 'public', rateLimit: PLACE_RATE_LIMIT },
        schema: {
          operationId: 'getPlacePage',
          summary: 'Show the person’s own page: their place, estimate, referral link and friends',
          description:
            'The signed link from the "your place" mail (or the confirmation) is the only ' +
            'authority. Waiting: the place among the people waiting, how many wait, an estimate ' +
            'from the pace of recent waves, the referral link and what friends gained. Not yet ' +
            'confirmed, or invited: says so. Changes nothing but the network noted for the ' +
            'referral checks. Answers pages unless the client prefers JSON.',
          tags: ['place'],
          querystring: pageQuery,
          response: {
            200: pageOrJsonResponse('The person’s page.', placeSchema),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const { token, notice: asked } = request.query;
        const notice = NOTICES.find((known) => known === asked);
        let person: PlacePerson;
        try {
          person = await personOf(token);
        } catch (error) {
          return refuse(request, reply, error);
        }
        reply.header('cache-control', 'no-store');
        const page = prefersPage(request);
        if (person.invited) {
          if (page)
            return sendPersonPage(
              reply,
              200,
              invitedPage(person.email, token, dataLinks(person.email)),
            );
          return { state: 'invited' as const, email: person.email, wants: person.wants };
        }
        if (person.confirmed_at === null) {
          if (page) {
            return sendPersonPage(
              reply,
              200,
              unconfirmedPage(person.email, token, dataLinks(person.email)),
            );
          }
          return { state: 'unconfirmed' as const, email: person.email, wants: person.wants };
        }
        // The network is noted for the referral checks when it is new or a day old: a view
        // that changes nothing writes nothing (and, on SQLite, waits for no disk).
        const network = networkKey(secret, request.ip);
        const now = new Date();
        if (
          network !== undefined &&
          (network !== person.network ||
            person.networkAt === null ||
            now.getTime() - person.networkAt.getTime() > NETWORK_NOTE_MS)
        ) {
          // Bookkeeping for the referral checks: its commit need not wait for the disk.
          await orUnavailable(() =>
            relaxedCommit(db, (trx) => noteNetwork(trx, person.id, network, now)),
          );
        }
        const view = await waitingView(person, token, notice);
        if (!view) {
          // Confirmed, not on the whitelist, yet not in line: gone in between.
          return refuse(request, reply, new HttpError(410, GONE_PLACE_MESSAGE));
        }
        if (page) return sendPersonPage(reply, 200, waitingPage(view));
        return {
          state: 'waiting' as const,
          email: view.email,
          place: view.place,
          waiting: view.waiting,
          estimate: view.estimate,
          referralUrl: view.referralUrl,
          friends: {
            confirmed: view.friendsConfirmed,
            pending: view.friendsPending,
            held: view.held,
          },
          placesGained: view.gained,
          wants: [...view.wants],
          ...(view.movedMail === undefined ? {} : { movedUpMail: view.movedMail }),
        };
      },
    );

    /**
     * A setting the person changes on their page: the person found by the link, the change read
     * by `read` (which answers a refusal itself), saved, then a browser back to the page with
     * the change's notice, or `{success}` for a script.
     */
    async function changeSetting(
      request: FastifyRequest,
      reply: FastifyReply,
      token: string,
      read: (
        person: PlacePerson,
      ) => { save: () => Promise<boolean>; notice: Notice } | FastifyReply | Promise<FastifyReply>,
    ): Promise<unknown> {
      let person: PlacePerson;
      try {
        person = await personOf(token);
      } catch (error) {
        return refuse(request, reply, error);
      }
      const change = await read(person);
      if (!('save' in change)) return change;
      const saved = await orUnavailable(change.save);
      if (!saved) return refuse(request, reply, new HttpError(410, GONE_PLACE_MESSAGE));
      if (prefersPage(request)) return backToPage(reply, token, change.notice);
      reply.header('cache-control', 'no-store');
      return { success: true as const, message: 'Saved.' };
    }

    routes.post(
      PRODUCTS_PATH,
      {
        config: { access: 'public', rateLimit: PLACE_RATE_LIMIT },
        schema: {
          operationId: 'savePlaceProducts',
          summary: 'Save the products the person wants first',
          description:
            'Replaces the choice with the products named (none clears it). A product that is ' +
            'not one of ours refuses the whole change. A browser is sent back to the page.',
          tags: ['place'],
          querystring: tokenQuery,
          documentedBody: {
            'application/x-www-form-urlencoded': productsBody,
            'application/json': productsBody,
          },
          response: {
            200: successSchema.describe('Saved (a client that prefers JSON).'),
            303: z.undefined().describe('Saved: back to the page, with a notice (`Location`).'),
            ...errors,
          },
        },
      },
      (request, reply) =>
        changeSetting(request, reply, request.query.token, (person) => {
          const products = readProducts(request.body);
          if (!products) {
            if (prefersPage(request)) {
              return sendPersonPage(reply, 400, unknownProductPage(request.query.token));
            }
            throw new HttpError(400, UNKNOWN_PRODUCT_MESSAGE);
          }
          return { save: () => saveWants(db, person.id, products), notice: 'saved' };
        }),
    );

    if (config.movedUpMail) {
      routes.post(
        MAIL_PATH,
        {
          config: { access: 'public', rateLimit: PLACE_RATE_LIMIT },
          schema: {
            operationId: 'setPlaceMovedUpMail',
            summary: 'Turn the "you moved up" mail on or off for the person',
            description:
              'At most one mail a week tells a person who moved up their new place (when ' +
              'MOVED_UP_MAIL is on); each person may turn it off and on again here.',
            tags: ['place'],
            querystring: tokenQuery,
            documentedBody: {
              'application/x-www-form-urlencoded': mailBody,
              'application/json': mailBody,
            },
            response: {
              200: successSchema.describe('Saved (a client that prefers JSON).'),
              303: z.undefined().describe('Saved: back to the page, with a notice (`Location`).'),
              ...errors,
            },
          },
        },
        (request, reply) =>
          changeSetting(request, reply, request.query.token, (person) => {
            const moved = field(request.body, 'moved');
            if (moved !== 'on' && moved !== 'off') {
              throw new HttpError(400, 'moved must be on or off');
            }
            return {
              save: () => setMovedMail(db, person.id, moved === 'on'),
              notice: moved === 'on' ? 'mail-on' : 'mail-off',
            };
          }),
      );
    }

    // The forms' addresses opened as pages (a bookmark, a reload): back to the page itself.
    for (const path of [PRODUCTS_PATH, MAIL_PATH]) {
      scope.get<{ Querystring: { token?: unknown } }>(
        path,
        { config: { access: 'public', rateLimit: PLACE_RATE_LIMIT }, schema: { hide: true } },
        (request, reply) => {
          const { token } = request.query;
          const location =
            typeof token === 'string' && token.length <= 600 ? placePath(token) : LINK_PATH;
          return reply
            .code(303)
            .header('cache-control', 'no-store')
            .header('location', location)
            .send();
        },
      );
    }

    // The page that asks before leaving: opening it changes nothing.
    routes.get(
      LEAVE_PATH,
      {
        config: { access: 'public', rateLimit: PLACE_RATE_LIMIT },
        schema: {
          operationId: 'getPlaceLeavePage',
          summary: 'Ask before leaving the waitlist (changes nothing)',
          description:
            'What leaving means, and the button that leaves (a POST with `confirm=leave`) apart ' +
            'from the way back that keeps the place.',
          tags: ['place'],
          querystring: tokenQuery,
          response: {
            200: pageOrJsonResponse('The page that asks.', successSchema),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const { token } = request.query;
        let person: PlacePerson;
        try {
          person = await personOf(token);
        } catch (error) {
          return refuse(request, reply, error);
        }
        if (prefersPage(request)) return sendPersonPage(reply, 200, leavePage(person.email, token));
        reply.header('cache-control', 'no-store');
        return {
          success: true as const,
          message: 'POST confirm=leave to this address to leave the waitlist.',
        };
      },
    );

    routes.post(
      LEAVE_PATH,
      {
        config: { access: 'public', rateLimit: PLACE_RATE_LIMIT },
        schema: {
          operationId: 'leaveWaitlist',
          summary: 'Leave the waitlist: give up the place (asked for on its own page first)',
          description:
            'Removes the signup (its place, referral code and referrals) and its queued ' +
            'waitlist mails. Unlike deleting one’s data, the address may sign up again and mail ' +
            'records stay. Only a POST with `confirm=leave` (the page’s button) leaves.',
          tags: ['place'],
          querystring: tokenQuery,
          documentedBody: {
            'application/x-www-form-urlencoded': leaveBody,
            'application/json': leaveBody,
          },
          response: {
            200: pageOrJsonResponse('Left the waitlist.', successSchema),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const { token } = request.query;
        let person: PlacePerson;
        try {
          person = await personOf(token);
        } catch (error) {
          return refuse(request, reply, error);
        }
        if (field(request.body, 'confirm') !== LEAVE_CONFIRMATION) {
          throw new HttpError(400, 'Send confirm=leave to leave the waitlist.');
        }
        const left = await orUnavailable(() => leaveWaitlist(db, person.id));
        if (!left) return refuse(request, reply, new HttpError(410, GONE_PLACE_MESSAGE));
        request.log.info({ email: maskEmail(person.email) }, 'left the waitlist');
        if (prefersPage(request)) return sendPersonPage(reply, 200, LEFT_PAGE);
        reply.header('cache-control', 'no-store');
        return { success: true as const, message: 'You have left the waitlist.' };
      },
    );

    routes.get(
      LINK_PATH,
      { config: { access: 'public', rateLimit: PLACE_RATE_LIMIT }, schema: { hide: true } },
      (_request, reply) => sendPersonPage(reply, 200, askLinkPage()),
    );

    routes.post(
      LINK_PATH,
      {
        config: { access: 'public', rateLimit: PLACE_LINK_RATE_LIMIT },
        schema: {
          operationId: 'sendPlaceLink',
          summary: 'Mail the link to the person’s page again',
          description:
            'Always the same answer, whatever the address: the "your place" mail goes only to ' +
            'a confirmed address on the list, at most once an hour.',
          tags: ['place'],
          documentedBody: {
            'application/x-www-form-urlencoded': linkBody,
            'application/json': linkBody,
          },
          response: {
            200: pageOrJsonResponse('The same answer for every address.', successSchema),
            400: pageOrJsonResponse('No address was sent.', publicErrorSchema),
            429: errors[429],
            503: errors[503],
          },
        },
      },
      async (request, reply) => {
        const raw = field(request.body, 'email');
        if (typeof raw !== 'string' || raw.trim() === '' || raw.length > 320) {
          if (prefersPage(request)) {
            return sendPersonPage(reply, 400, askLinkPage('Enter the address you signed up with.'));
          }
          throw new HttpError(400, 'Enter the address you signed up with.');
        }
        const email = raw.trim().toLowerCase();
        const queued = await orUnavailable(() => queuePlaceLinkAgain(db, email));
        request.log.info({ email: maskEmail(email), queued }, 'place link asked for again');
        reply.header('cache-control', 'no-store');
        if (prefersPage(request)) return sendPersonPage(reply, 200, askLinkPage(LINK_SENT_MESSAGE));
        return { success: true as const, message: LINK_SENT_MESSAGE };
      },
    );
  });

  fillReferralOnSignupPage(app, config);

  // A referral link: to the signup form with the code in its address, and nothing stored.
  app.get<{ Params: { code: string } }>(
    `${REFERRAL_LINK_PREFIX}:code`,
    { schema: { hide: true }, config: { access: 'public' } },
    (request, reply) => {
      const { code } = request.params;
      const location = REFERRAL_CODE_PATTERN.test(code)
        ? `/signup?${new URLSearchParams({ ref: code }).toString()}`
        : '/signup';
      return reply
        .code(303)
        .header('cache-control', 'no-store')
        .header('location', location)
        .send();
    },
  );
}

/** The signup page's empty referral field (src/web/features/signup/signup-form.tsx). */
const EMPTY_REFERRAL_FIELD = '<input type="hidden" name="ref" value=""/>';

/**
 * `/signup?ref=<code>` without JavaScript: the prerendered page cannot know the code, so the
 * server writes it into the form's hidden field (the page's scripts and so its policy are
 * unchanged); with JavaScript the form reads it from the address itself. Only a well-formed
 * code is written; any other request is the site's own file, as before.
 */
function fillReferralOnSignupPage(app: FastifyInstance, config: AppConfig) {
  const root = resolve(config.webRoot);
  let html: string;
  try {
    html = readFileSync(join(root, 'signup', 'index.html'), 'utf8');
  } catch {
    return; // no web build: no signup page to fill
  }
  if (!html.includes(EMPTY_REFERRAL_FIELD)) return;
  const policy =
    securityHeaders(helmetOptions(config, inlineScriptHashes(html), buildHasAnalytics(root)))[
      'content-security-policy'
    ] ?? '';
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const [path, query = ''] = request.url.split('?', 2);
    if (path !== SIGNUP_PAGE_PATH) return;
    const code = new URLSearchParams(query).get('ref') ?? '';
    if (!REFERRAL_CODE_PATTERN.test(code)) return;
    await reply
      .code(200)
      .header('content-security-policy', policy)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        html.replaceAll(EMPTY_REFERRAL_FIELD, `<input type="hidden" name="ref" value="${code}"/>`),
      );
  });
}

const SIGNUP_PAGE_PATH = '/signup';
