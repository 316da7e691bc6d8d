import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The site's contact address (src/web/site-config.ts `contactEmail`; the server and the web app
 * never import each other, so it is repeated here).
 */
export const CONTACT_EMAIL = 'hello@reelscore.app';

/** The site's dark theme (src/web/app.css colours), self-contained: no fonts or files to load. */
const STYLE = `html{color-scheme:dark}body{margin:0;min-height:100vh;display:grid;place-items:center;background:#07080c;color:#eceef4;font:16px/1.55 ui-sans-serif,system-ui,sans-serif;-webkit-font-smoothing:antialiased}
main{box-sizing:border-box;width:min(30rem,92vw);margin:2rem 0;padding:2rem;border:1px solid #202433;border-radius:1rem;background:#0d0f16}
.brand{display:inline-block;margin-bottom:1.25rem;color:#ffc94d;font-weight:700;letter-spacing:.04em;text-decoration:none}
h1{margin:0 0 .75rem;font-size:1.5rem;line-height:1.25}p{margin:0 0 1rem;color:#b4b9ca}strong{color:#eceef4}
a{color:#ffd98a}.alert{padding:.75rem 1rem;border:1px solid rgba(255,107,92,.6);border-radius:.5rem;background:rgba(69,10,10,.6);color:#fee2e2}
button{margin-top:.5rem;padding:.7rem 1.5rem;border:0;border-radius:999px;background:#ffc94d;color:#07080c;font:600 1rem ui-sans-serif,system-ui,sans-serif;cursor:pointer}
button:hover{background:#ffd98a}:focus-visible{outline:2px solid #ffc94d;outline-offset:2px}`;

export interface PersonPage {
  /** The page's title and heading. */
  title: string;
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

/** Whether a browser asked (a navigation sends `Accept: text/html`); scripts get JSON. */
export function wantsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
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

/** A page the server renders for a person who arrived from a mail or a sign-in popup. */
export function renderPersonPage(page: PersonPage): { html: string; policy: string } {
  const script = page.script ? `<script>${page.script}</script>` : '';
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="robots" content="noindex"><title>${escapeHtml(page.title)} · ReelScore</title>` +
    `<link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${STYLE}</style></head>` +
    `<body><main><a class="brand" href="/">ReelScore</a><h1>${escapeHtml(page.title)}</h1>` +
    `${page.body}</main>${script}</body></html>`;
  return { html, policy: inlinePagePolicy(html) };
}

export function sendPersonPage(reply: FastifyReply, status: number, page: PersonPage) {
  const { html, policy } = renderPersonPage(page);
  return reply
    .code(status)
    .header('content-security-policy', policy)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}
