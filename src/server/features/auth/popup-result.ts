import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml, prefersPage, sendPersonPage } from '../../platform/pages/person-page.ts';

/**
 * What the sign-in popup tells the page that opened it. A refused address comes back as
 * `account`, so the dashboard can name it and offer another; the message goes to our own origin
 * only, the window of the person who just signed in with it.
 */
export type PopupResult = { ok: true } | { ok: false; error: string; account?: string };
export const POPUP_MESSAGE_SOURCE = 'reelscore-auth';

const FAILED_MESSAGE = 'Something went wrong on our side. Please try again.';
const INVALID_START_MESSAGE = 'This sign-in address is not valid. Please try again.';

function titleFor(result: PopupResult, status: number): string {
  if (result.ok) return 'Signed in';
  if (status === 400) return 'Sign-in could not start';
  if (status === 502 || status === 503) return 'Sign-in is unavailable';
  if (status === 429) return 'Too many sign-in attempts';
  return 'Sign-in did not complete';
}

/**
 * The last page of the sign-in popup: it posts the result to its opener (exact target origin),
 * then closes; the dashboard shows the error it carries. Opened without an opener, the page
 * itself says what happened. The script carries the result, so its hash is per response.
 */
export function sendPopupResult(
  reply: FastifyReply,
  origin: string,
  result: PopupResult,
  status = result.ok ? 200 : 403,
) {
  const message = JSON.stringify({ source: POPUP_MESSAGE_SOURCE, ...result }).replace(
    /</g,
    '\\u003c',
  );
  const text = result.ok ? 'Signed in. You can close this window.' : result.error;
  // The popup must keep its opener to report back (a same-origin COOP would sever it).
  reply.removeHeader('cross-origin-opener-policy');
  return sendPersonPage(reply, status, {
    title: titleFor(result, status),
    body:
      `<p${result.ok ? '' : ' class="alert" role="alert"'}>${escapeHtml(text)}</p>` +
      `<p><a href="/admin">Go to the dashboard</a></p>`,
    script: `(function(){var m=${message};if(window.opener){window.opener.postMessage(m,${JSON.stringify(origin)});window.close();}})();`,
  });
}

/**
 * Errors of the routes that run inside the popup (sign-in start and callback) end there as a
 * page that reports to the opener: the provider down (502/503), too many attempts (429), or our
 * own failure. A query that does not validate (400) is a page too, unless the client prefers
 * JSON (a script, not the popup), which keeps the JSON of the central error handler.
 */
export function popupErrors(origin: string) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    if (error.validation) {
      if (!prefersPage(request)) throw error;
      sendPopupResult(reply, origin, { ok: false, error: INVALID_START_MESSAGE }, 400);
      return;
    }
    const status =
      typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600
        ? error.statusCode
        : 500;
    let text = error.message;
    if (error.name === 'IssuerUnavailableError') {
      request.log.error(
        { err: error, status },
        'sign-in unavailable: the identity provider failed',
      );
    } else if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      text = FAILED_MESSAGE;
    } else if (status === 429) {
      request.log.warn({ route: request.routeOptions.url }, 'rate limit reached');
    }
    sendPopupResult(reply, origin, { ok: false, error: text }, status);
  };
}
