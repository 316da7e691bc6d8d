import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import formbody from '@fastify/formbody';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  onRequestAsyncHookHandler,
} from 'fastify';
import {
  SIGNUP_FORM_ACTION,
  SIGNUP_PROBLEM_PATH,
  SIGNUP_PROBLEM_SLOTS,
  SIGNUP_THANKS_PATH,
} from '../../../contract/signup-form-post.ts';
import { signupRequestSchema } from '../../../contract/signup.ts';
import {
  HONEYPOT_FIELD,
  REFERRAL_FIELD,
  SIGNUP_TYPES,
  type SignupType,
} from '../../../contract/signup-types.ts';
import type { AppConfig } from '../../config.ts';
import { fillSlots } from '../../lib/fill-slots.ts';
import { HttpError } from '../../lib/http-errors.ts';
import { buildHasAnalytics, inlineScriptHashes } from '../../plugins/page-policies.ts';
import { helmetOptions, securityHeaders } from '../../plugins/security-headers.ts';
import type { AcceptSignup } from './signup-input.ts';

/** Used when the server runs without a web build: the same slots in a bare page. */
const BARE_PROBLEM_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Join the closed alpha - ReelScore</title></head>
<body><main><h1>Join the closed alpha</h1>
<form method="post" action="${SIGNUP_FORM_ACTION}" novalidate>
<input type="hidden" name="signupType" value="${SIGNUP_PROBLEM_SLOTS.signupType}">
<label for="signup-email">Email address</label>
<input id="signup-email" type="email" name="email" value="${SIGNUP_PROBLEM_SLOTS.email}" aria-invalid="true" aria-describedby="signup-error">
<p id="signup-error" role="alert">${SIGNUP_PROBLEM_SLOTS.message}</p>
<button type="submit">Join Early Access</button>
</form></main></body></html>
`;

const FORM_TYPE = 'application/x-www-form-urlencoded';
const FALLBACK_PROBLEM = 'Something went wrong. Please try again.';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

interface ProblemPage {
  html: string;
  /** The policy the web build's page needs (its inline scripts, analytics hosts). */
  policy: string | undefined;
}

function loadProblemPage(config: AppConfig): ProblemPage {
  const root = resolve(config.webRoot);
  let html: string;
  try {
    html = readFileSync(join(root, SIGNUP_PROBLEM_PATH, 'index.html'), 'utf8');
  } catch {
    html = BARE_PROBLEM_PAGE;
  }
  const headers = securityHeaders(
    helmetOptions(config, inlineScriptHashes(html), buildHasAnalytics(root)),
  );
  return { html, policy: headers['content-security-policy'] };
}

/** The problem page with its slots filled in; every value is HTML-escaped. */
export function fillProblemPage(
  template: string,
  values: { message: string; email: string; signupType: SignupType },
): string {
  return fillSlots(
    template,
    new Map([
      [SIGNUP_PROBLEM_SLOTS.message, escapeHtml(values.message)],
      [SIGNUP_PROBLEM_SLOTS.email, escapeHtml(values.email)],
      [SIGNUP_PROBLEM_SLOTS.signupType, escapeHtml(values.signupType)],
    ]),
  );
}

function field(body: unknown, name: string): string {
  const value = (body as Record<string, unknown> | null | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

function knownSignupType(value: string): SignupType {
  return (SIGNUP_TYPES as readonly string[]).includes(value) ? (value as SignupType) : 'general';
}

/**
 * The signup form without JavaScript: a form-encoded POST to /signup. Validated and recorded
 * exactly like the JSON signup (same rules, honeypot, the same outcome for a known address) and
 * counted by the same limit; accepted, it redirects to the thank-you page (303, so a reload does
 * not post again); refused, it answers with the form again, the address as typed and the message.
 */
export function signupFormRoute(
  app: FastifyInstance,
  config: AppConfig,
  { acceptSignup, limit }: { acceptSignup: AcceptSignup; limit: onRequestAsyncHookHandler },
) {
  const problemPage = loadProblemPage(config);

  function sendProblem(reply: FastifyReply, status: number, body: unknown, message: string) {
    if (problemPage.policy) reply.header('content-security-policy', problemPage.policy);
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        fillProblemPage(problemPage.html, {
          message,
          email: field(body, 'email'),
          signupType: knownSignupType(field(body, 'signupType')),
        }),
      );
  }

  // The problem page only makes sense as an answer; at its own address it is the form's page.
  app.get(
    SIGNUP_PROBLEM_PATH,
    { schema: { hide: true }, config: { access: 'public' } },
    (_request, reply) => reply.code(303).header('location', SIGNUP_FORM_ACTION).send(),
  );

  void app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 16 * 1024 });
    scope.post(
      SIGNUP_FORM_ACTION,
      {
        schema: { hide: true },
        config: { access: 'public' },
        // The JSON signup's counter: one limit over both ways to sign up.
        onRequest: limit,
        // Refusals from the limit, the body parser or the database are pages too.
        errorHandler: (error: FastifyError, request, reply) => {
          const status = error.statusCode ?? 500;
          if (status >= 500) request.log.error({ err: error }, 'signup form failed');
          const message =
            error instanceof HttpError || (status >= 400 && status < 500)
              ? error.message
              : FALLBACK_PROBLEM;
          void sendProblem(reply, status, request.body, message);
        },
      },
      async (request, reply) => {
        // What a browser's form sends; JSON callers have /api/utility/signup.
        if (!request.headers['content-type']?.startsWith(FORM_TYPE)) {
          return sendProblem(reply, 415, request.body, FALLBACK_PROBLEM);
        }
        const parsed = signupRequestSchema.safeParse({
          email: field(request.body, 'email'),
          signupType: field(request.body, 'signupType'),
          [HONEYPOT_FIELD]: field(request.body, HONEYPOT_FIELD),
          [REFERRAL_FIELD]: field(request.body, REFERRAL_FIELD),
        });
        if (!parsed.success) {
          const message = parsed.error.issues[0]?.message ?? FALLBACK_PROBLEM;
          return sendProblem(reply, 400, request.body, message);
        }
        const { email, signupType } = parsed.data;
        await acceptSignup(
          {
            email,
            signupType,
            honeypot: parsed.data[HONEYPOT_FIELD],
            ref: parsed.data[REFERRAL_FIELD],
            ip: request.ip,
          },
          request.log,
        );
        return reply.code(303).header('location', SIGNUP_THANKS_PATH).send();
      },
    );
  });
}
