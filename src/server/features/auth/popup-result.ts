import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/** What the sign-in popup tells the page that opened it. */
export type PopupResult = { ok: true } | { ok: false; error: string };
export const POPUP_MESSAGE_SOURCE = 'reelscore-auth';

/**
 * The last page of the sign-in popup: it posts the result to its opener (exact target origin),
 * then closes. The script carries the result, so its CSP hash is computed per response.
 */
export function sendPopupResult(reply: FastifyReply, origin: string, result: PopupResult) {
  const message = JSON.stringify({ source: POPUP_MESSAGE_SOURCE, ...result }).replace(
    /</g,
    '\\u003c',
  );
  const script = `(function(){var m=${message};if(window.opener){window.opener.postMessage(m,${JSON.stringify(origin)});window.close();}})();`;
  const hash = createHash('sha256').update(script).digest('base64');
  const text = result.ok ? 'Signed in. You can close this window.' : result.error;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ReelScore sign-in</title></head>
<body><p>${text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)}</p><p><a href="/admin">Go to the dashboard</a></p>
<script>${script}</script></body></html>`;
  return (
    reply
      .code(result.ok ? 200 : 403)
      .header(
        'content-security-policy',
        `default-src 'none'; script-src 'sha256-${hash}'; base-uri 'none'; frame-ancestors 'none'`,
      )
      // The popup must keep its opener to report back (a same-origin COOP would sever it).
      .removeHeader('cross-origin-opener-policy')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html)
  );
}
