import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import { PERSON_PAGE_PATH, PERSON_PAGE_SLOTS } from '../../../contract/person-page.ts';
import type { AppConfig } from '../../config.ts';
import { fillSlots } from '../../lib/fill-slots.ts';
import { buildHasAnalytics, inlineScriptHashes } from '../../plugins/page-policies.ts';
import { helmetOptions, securityHeaders } from '../../plugins/security-headers.ts';

/**
 * The site's contact address (src/web/site-config.ts `contactEmail`; the server and the web app
 * never import each other, so it is repeated here).
 */
export const CONTACT_EMAIL = 'hello@reelscore.app';

/**
 * The site's page for people (src/web/routes/person-page.tsx, prerendered): its header, footer,
 * fonts and stylesheet, with slots for the title and the text; and the policy it needs with the
 * hashes of a page's own inline scripts added.
 */
export interface PersonPageShell {
  html: string;
  policy: (scriptHashes: string[]) => string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The site's page for people; undefined when the service runs without a web build. */
    personPageShell: PersonPageShell | undefined;
  }
}

/**
 * Reads the site's page for people from the web build, if there is one: pages for people are
 * then the site's own pages. Without a build (an API-only service, most tests) they are the
 * self-contained page below. The page is never served at its own address.
 */
export function registerPersonPages(app: FastifyInstance, config: AppConfig) {
  const root = resolve(config.webRoot);
  let shell: PersonPageShell | undefined;
  try {
    const html = readFileSync(join(root, PERSON_PAGE_PATH, 'index.html'), 'utf8');
    const pageScripts = inlineScriptHashes(html);
    const analytics = buildHasAnalytics(root);
    shell = {
      html,
      policy: (scriptHashes) =>
        securityHeaders(helmetOptions(config, [...pageScripts, ...scriptHashes], analytics))[
          'content-security-policy'
        ] ?? '',
    };
  } catch {
    shell = undefined;
  }
  app.decorate('personPageShell', shell);
  app.get(
    PERSON_PAGE_PATH,
    { schema: { hide: true }, config: { access: 'public' } },
    (_request, reply) => reply.code(303).header('location', '/').send(),
  );
}

/**
 * The site's dark theme (src/web/app.css colours), self-contained: no fonts or files to load.
 * One calm card under the brand: a clear heading, readable text, one obvious action. Links into
 * the site in the card (`Go to the ReelScore home page`, `Go to the dashboard`) are its next
 * step, so they look like a button; mail addresses stay inline links.
 */
const STYLE = `html{color-scheme:dark;background:#07080c}
body{box-sizing:border-box;margin:0;min-height:100vh;min-height:100dvh;display:flex;flex-direction:column;align-items:center;justify-content:center;padding:2.5rem 1rem 4rem;background:radial-gradient(56rem 26rem at 50% -6rem,rgba(255,201,77,.07),transparent 70%) no-repeat #07080c;color:#eceef4;font:16px/1.6 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;-webkit-font-smoothing:antialiased;text-rendering:optimizeLegibility}
.brand{display:inline-flex;align-items:center;gap:.625rem;margin-bottom:2rem;padding:.25rem .5rem;border-radius:.5rem;color:#eceef4;font-size:1.25rem;font-weight:700;letter-spacing:-.01em;text-decoration:none}
.brand svg{width:2rem;height:2rem;flex:none}
main{box-sizing:border-box;width:100%;max-width:30rem;padding:2.5rem;border:1px solid #202433;border-radius:1rem;background:#0d0f16;box-shadow:0 24px 64px -24px rgba(0,0,0,.7);overflow-wrap:anywhere}
h1{margin:0 0 1rem;font-size:1.625rem;line-height:1.25;font-weight:700;letter-spacing:-.02em;text-wrap:balance}
p{margin:0 0 1rem;color:#b4b9ca;text-wrap:pretty}main>:last-child{margin-bottom:0}strong{color:#eceef4;font-weight:600}
a{color:#ffd98a;text-decoration:underline;text-decoration-color:rgba(255,217,138,.45);text-underline-offset:.2em;border-radius:.25rem}
a:hover{color:#ffe7b3;text-decoration-color:currentColor}
.alert,.warning{padding:.875rem 1rem;border:1px solid rgba(255,107,92,.4);border-radius:.75rem;background:rgba(255,107,92,.08);color:#ffd9d4}.warning strong{color:inherit}
ul{margin:0 0 1.25rem;padding:0 0 0 1.25rem;color:#b4b9ca}li{margin:0 0 .5rem;padding-left:.25rem}li::marker{color:#646a82}
.aside{margin-top:2.5rem;padding-top:1.5rem;border-top:1px solid #202433}.aside p{font-size:.9375rem}
form{margin:1.5rem 0 0}label{display:block;margin:0 0 .375rem;color:#eceef4;font-size:.9375rem;font-weight:500}
input:not([type=hidden]){box-sizing:border-box;display:block;width:100%;margin:0 0 1.25rem;padding:.75rem .875rem;border:1px solid #646a82;border-radius:.625rem;background:#151823;color:#eceef4;font:inherit}
input:focus{border-color:#ffc94d;outline:0;box-shadow:0 0 0 3px rgba(255,201,77,.25)}
button,main p>a[href^="/"]:not(.text-link){box-sizing:border-box;display:flex;align-items:center;justify-content:center;width:100%;min-height:2.875rem;margin:0;padding:.625rem 1rem;border:1px solid transparent;border-radius:999px;font-family:inherit;font-size:1rem;font-weight:600;line-height:1.25;text-align:center;text-wrap:balance;text-decoration:none;cursor:pointer}
button{background:#ffc94d;color:#07080c;box-shadow:0 8px 30px -10px rgba(255,201,77,.55)}button:hover{background:#ffd98a}
button.danger{background:#c62a2f;color:#fff;box-shadow:0 8px 30px -12px rgba(198,42,47,.7)}button.danger:hover{background:#ad2227}
form.danger-zone{margin-top:2rem}
button.secondary,main p>a[href^="/"]:not(.text-link){border-color:#3a4056;background:transparent;color:#eceef4;box-shadow:none}
button.secondary:hover,main p>a[href^="/"]:not(.text-link):hover{border-color:#ffc94d;color:#ffd98a}
main p>a[href^="/"]:not(.text-link){margin-top:1.5rem}.actions{display:grid;gap:.75rem;margin-top:1.5rem}
:focus-visible{outline:2px solid #ffc94d;outline-offset:3px}
@media (max-width:32rem){body{align-items:stretch;justify-content:flex-start;padding:1.25rem 1.25rem 3rem}.brand{margin:0 0 2.5rem -.5rem}main{max-width:none;padding:0;border:0;background:none;box-shadow:none}h1{font-size:1.5rem}}`;

/** The site's mark (src/web/components/ui/logo.tsx): a film frame with rising score bars. */
const BRAND_MARK =
  `<svg aria-hidden="true" viewBox="0 0 32 32"><rect x="2" y="5" width="28" height="22" rx="5" fill="#ffc94d"/>` +
  `<rect x="6" y="9" width="20" height="14" rx="2" fill="#07080c"/><rect x="9" y="17" width="3" height="4" rx="1" fill="#5cc8ff"/>` +
  `<rect x="14.5" y="14" width="3" height="7" rx="1" fill="#ffc94d"/><rect x="20" y="11" width="3" height="10" rx="1" fill="#ff6b5c"/></svg>`;

/** The way back for a page that offers no other step (the site's own wording for it). */
const HOME_LINK = `<p><a href="/">Go to the ReelScore home page</a></p>`;

export interface PersonPage {
  /** The page's heading, and its title followed by the site's name. */
  title: string;
  /** A whole document title instead, when it must differ from the heading. */
  documentTitle?: string;
  /** Markup inside <main> below the heading; its text must already be escaped. */
  body: string;
  /** An inline script; the policy allows exactly this one by its hash. */
  script?: string;
}

function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * What the routes for people offer, the page first: it wins a tie the client leaves open. JSON
 * with a charset too, so `application/json; charset=utf-8` counts as asking for JSON.
 */
const OFFERED = ['text/html', 'application/json', 'application/json; charset=utf-8'];

/**
 * Whether to answer with the page: yes unless the client prefers JSON by its Accept header, read
 * by content negotiation (RFC 9110 12.5.1: quality values, wildcards, specificity). A link from a
 * mail is opened by a person, whose browser or mail app may send `text/html`, the wildcard for
 * any type, or no Accept at all; a header that names neither, or cannot be read, gets the page
 * too. Only a client that ranks `application/json` above `text/html` (a script) gets JSON.
 */
export function prefersPage(request: FastifyRequest): boolean {
  const preferred = new Negotiator(request).mediaType(OFFERED) ?? 'text/html';
  return !preferred.startsWith('application/json');
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;
const INLINE_STYLE = /<style[^>]*>([\s\S]*?)<\/style>/g;

/**
 * The policy of a server-rendered page: exactly its own inline scripts and styles (by hash),
 * same-origin images (the icon) and forms, nothing else.
 */
export function inlinePagePolicy(html: string): string {
  const sources = (pattern: RegExp) => {
    const hashes = [...html.matchAll(pattern)].map((match) => hashSource(match[1] ?? ''));
    return hashes.length > 0 ? [...new Set(hashes)].join(' ') : "'none'";
  };
  return [
    "default-src 'none'",
    `script-src ${sources(INLINE_SCRIPT)}`,
    `style-src ${sources(INLINE_STYLE)}`,
    "img-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Every page leads somewhere: one without a form to send or a link into the site gets the link
 * home (a person who arrived from a mail has no other way to the site).
 */
function withNextStep(body: string): string {
  return body.includes('<form') || /href="\/(?!\/)/.test(body) ? body : body + HOME_LINK;
}

/**
 * A page the server renders for a person who arrived from a mail or a sign-in popup: in the
 * site's page for people when there is one (`shell`), else self-contained.
 */
export function renderPersonPage(
  page: PersonPage,
  shell?: PersonPageShell,
): { html: string; policy: string } {
  const script = page.script ? `<script>${page.script}</script>` : '';
  const title = page.documentTitle ?? `${page.title} · ReelScore`;
  if (shell) {
    const filled = fillSlots(
      shell.html,
      new Map([
        [PERSON_PAGE_SLOTS.documentTitle, escapeHtml(title)],
        [PERSON_PAGE_SLOTS.title, escapeHtml(page.title)],
        [PERSON_PAGE_SLOTS.body, withNextStep(page.body)],
      ]),
    );
    const end = filled.lastIndexOf('</body>');
    const html = script && end !== -1 ? filled.slice(0, end) + script + filled.slice(end) : filled;
    return { html, policy: shell.policy(page.script ? [hashSource(page.script)] : []) };
  }
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><meta name="theme-color" content="#07080c">` +
    `<title>${escapeHtml(title)}</title>` +
    `<link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${STYLE}</style></head>` +
    `<body><header><a class="brand" href="/">${BRAND_MARK}ReelScore</a></header>` +
    `<main><h1>${escapeHtml(page.title)}</h1>${withNextStep(page.body)}</main>${script}</body></html>`;
  return { html, policy: inlinePagePolicy(html) };
}

export function sendPersonPage(reply: FastifyReply, status: number, page: PersonPage) {
  const { html, policy } = renderPersonPage(page, reply.server.personPageShell);
  return reply
    .code(status)
    .header('content-security-policy', policy)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

/** The pages a person gets in place of an error on routes they reach from a mail. */
export interface PersonErrorPages {
  /** A bad or cut link (400, validation included). */
  invalid: PersonPage;
  tooMany: (message: string) => PersonPage;
  failed: () => PersonPage;
}

/**
 * An error handler for routes people reach from a mail: a person gets a page for every refusal
 * (a bad or cut link, too many attempts, our own failure); a client that prefers JSON keeps the
 * JSON of the central error handler (rethrowing hands the error to it).
 */
export function personPageErrors(pages: PersonErrorPages) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (!prefersPage(request)) throw error;
    const status = error.validation ? 400 : (error.statusCode ?? 500);
    if (status === 400) return sendPersonPage(reply, 400, pages.invalid);
    if (status === 429) {
      request.log.warn({ route: request.routeOptions.url }, 'rate limit reached');
      return sendPersonPage(reply, 429, pages.tooMany(error.message));
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return sendPersonPage(reply, status, pages.failed());
    }
    throw error;
  };
}
