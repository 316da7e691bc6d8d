import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import middie from '@fastify/middie';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { sharedValue } from '../../platform/values/shared-values.ts';
import { databaseAdapter, findLocalAccount, saveLocalAccount } from './provider-store.ts';
import { isMailbox, normaliseEmail } from '../../../contract/email-rules.ts';
import { refuseEmbeddedSignInBeyondLoopback, type AppConfig } from '../../config.ts';
import {
  escapeHtml,
  inlinePagePolicy,
  renderPersonPage,
} from '../../platform/pages/person-page.ts';
import { apiSecurityHeaders } from '../../plugins/security-headers.ts';

/** The embedded provider's clients: this web app, and the apps that register their users. */
export const LOCAL_WEB_CLIENT_ID = 'reelscore-web';
export const LOCAL_APP_CLIENT_ID = 'reelscore-app';
export const EMBEDDED_ISSUER_PATH = '/oidc';
const LOGIN_PATH = '/api/auth/local-login';
const EXPIRED_MESSAGE = 'This sign-in has expired. Close this window and try again.';
/**
 * The only HTML the provider writes itself (see pagePolicyForOwnPages): its sign-out pages, and
 * the page by which a sign-in with another account first ends the session of the one it knew
 * (the `resume` route posts itself to the sign-out).
 */
const OWN_PAGE_ROUTES = new Set([
  'end_session',
  'end_session_confirm',
  'end_session_success',
  'resume',
]);

export interface EmbeddedProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * Ends the provider's session in which the sign-in that got `accessToken` was made (its
   * browser's, not every session of the account): that browser's next sign-in asks again.
   */
  endSessionOf: (accessToken: string) => Promise<void>;
}

/** Like Google's: an opaque, stable subject per address. */
export function localSubject(email: string): string {
  return createHash('sha256').update(`reelscore-local:${email}`).digest('hex').slice(0, 21);
}

/**
 * A real OpenID Connect provider for local runs and tests (never in production): the same code
 * flow, PKCE, signed ID tokens and discovery as Google, with a sign-in page that takes any
 * address and name. Mounted at /oidc on this server.
 */
export async function mountEmbeddedProvider(
  app: FastifyInstance,
  config: AppConfig,
): Promise<EmbeddedProvider> {
  refuseEmbeddedSignInBeyondLoopback(config);
  const issuer = `${new URL(config.publicUrl).origin}${EMBEDDED_ISSUER_PATH}`;
  const db = app.database.db;
  // Shared through the database, so every instance signs and verifies with the same keys.
  const secrets = await sharedValue(db, 'embedded-provider-secrets', async () => {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    return {
      signingKey: {
        ...(await exportJWK(privateKey)),
        alg: 'RS256',
        use: 'sig',
        kid: randomBytes(6).toString('hex'),
      },
      cookieKey: randomBytes(32).toString('base64url'),
      clientSecret: randomBytes(24).toString('base64url'),
    };
  });
  const clientSecret = secrets.clientSecret;

  const configuration: Configuration = {
    clients: [
      {
        client_id: LOCAL_WEB_CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [`${new URL(config.publicUrl).origin}/api/auth/callback`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
      {
        client_id: LOCAL_APP_CLIENT_ID,
        application_type: 'native',
        token_endpoint_auth_method: 'none',
        redirect_uris: ['com.reelscore.app:/oauth2redirect'],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    adapter: databaseAdapter(db),
    jwks: { keys: [secrets.signingKey] },
    ttl: {
      Interaction: 10 * 60,
      Session: 60 * 60,
      Grant: 60 * 60,
      AuthorizationCode: 60,
      AccessToken: 10 * 60,
      IdToken: 10 * 60,
    },
    cookies: {
      keys: [secrets.cookieKey],
      names: {
        session: '_reelscore_oidc_session',
        interaction: '_reelscore_oidc_interaction',
        resume: '_reelscore_oidc_resume',
      },
      long: { path: EMBEDDED_ISSUER_PATH },
    },
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      // Its own pages in the site's style, instead of the defaults that load Google's fonts.
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.type = 'html';
          ctx.body = renderPersonPage({
            title: 'Sign out',
            body:
              `<p>Sign out of the local sign-in service?</p>${form}<div class="actions">` +
              `<button type="submit" form="op.logoutForm" name="logout" value="yes">Yes, sign me out</button>` +
              `<button type="submit" form="op.logoutForm" class="secondary">No, stay signed in</button></div>`,
          }).html;
        },
        postLogoutSuccessSource: (ctx) => {
          ctx.type = 'html';
          ctx.body = renderPersonPage({
            title: 'Signed out',
            body: '<p>You are signed out of the local sign-in service.</p>',
          }).html;
        },
      },
    },
    conformIdTokenClaims: false,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    interactions: { url: (_ctx, interaction) => `${LOGIN_PATH}/${interaction.uid}` },
    findAccount: async (_ctx, sub) => {
      const account = await findLocalAccount(db, sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, email: account.email, email_verified: true, name: account.name }),
      };
    },
    // First-party clients: no consent screen.
    loadExistingGrant: async (ctx) => {
      const clientId = ctx.oidc.client?.clientId;
      const accountId = ctx.oidc.session?.accountId;
      if (!clientId || !accountId) return undefined;
      const existing = ctx.oidc.session?.grantIdFor(clientId);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    renderError: (ctx, out) => {
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = `Sign-in error: ${out.error}${out.error_description ? ` (${out.error_description})` : ''}`;
    },
  };
  const provider = new Provider(issuer, configuration);
  provider.proxy = config.trustProxy !== false;
  provider.use(pagePolicyForOwnPages);

  const handle = provider.callback();
  // Koa writes to the raw response, past the reply headers every other answer gets; the
  // provider's answers are JSON, redirects and plain text, so the API's headers fit. No COOP:
  // its redirects run inside the sign-in popup (see decision 0003).
  const { 'cross-origin-opener-policy': _coop, ...headers } = apiSecurityHeaders(config);
  // The middleware engine in a scope of its own, whose only routes are the provider's paths:
  // it runs (as an onRequest hook, before any body is read) for those and for no other request.
  await app.register(async (scope) => {
    await scope.register(middie);
    // Koa answers (and reports its own errors) inside the promise.
    scope.use(EMBEDDED_ISSUER_PATH, (req: IncomingMessage, res: ServerResponse) => {
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      void handle(req, res);
    });
    for (const url of [EMBEDDED_ISSUER_PATH, `${EMBEDDED_ISSUER_PATH}/*`]) {
      // The middleware answers every request here; a handler that runs would be a bug.
      scope.all(url, { schema: { hide: true }, config: { access: 'public' } }, (_request, reply) =>
        reply.callNotFound(),
      );
    }
  });

  await app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 4096 });
    scope.get<{ Params: { uid: string } }>(
      `${LOGIN_PATH}/:uid`,
      { schema: { hide: true }, config: { access: 'public' } },
      async (request, reply) => {
        const details = await provider
          .interactionDetails(request.raw, reply.raw)
          .catch(() => undefined);
        if (!details) return sendPage(reply, 400, loginPage(request.params.uid, EXPIRED_MESSAGE));
        if (details.prompt.name === 'consent' && details.session?.accountId) {
          // Our own apps: consent is implied (public native clients always ask for it).
          const grant = new provider.Grant({
            accountId: details.session.accountId,
            clientId: String(details.params.client_id),
          });
          grant.addOIDCScope('openid email profile');
          const grantId = await grant.save();
          reply.hijack();
          return provider.interactionFinished(
            request.raw,
            reply.raw,
            { consent: { grantId } },
            { mergeWithLastSubmission: true },
          );
        }
        return sendPage(reply, 200, loginPage(request.params.uid));
      },
    );
    scope.post<{ Params: { uid: string }; Body: { email?: string; name?: string } | null }>(
      `${LOGIN_PATH}/:uid`,
      { schema: { hide: true }, config: { access: 'public' } },
      async (request, reply) => {
        // A form left open past the interaction's life (or a forged uid): once the reply is
        // handed to the provider below, its error could no longer be answered.
        const details = await provider
          .interactionDetails(request.raw, reply.raw)
          .catch(() => undefined);
        if (!details) return sendPage(reply, 400, loginPage(request.params.uid, EXPIRED_MESSAGE));
        const email = normaliseEmail(String(request.body?.email ?? ''));
        const name =
          String(request.body?.name ?? '')
            .trim()
            .slice(0, 100) || email;
        if (!isMailbox(email)) {
          return sendPage(
            reply,
            400,
            loginPage(request.params.uid, 'Please enter a valid email address'),
          );
        }
        await saveLocalAccount(db, localSubject(email), { email, name });
        app.log.info({ issuer }, 'local sign-in page: account chosen');
        reply.hijack();
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          { login: { accountId: localSubject(email) } },
          { mergeWithLastSubmission: false },
        );
      },
    );
  });

  async function endSessionOf(accessToken: string) {
    const token = await provider.AccessToken.find(accessToken);
    const session = token?.sessionUid
      ? await provider.Session.findByUid(token.sessionUid)
      : undefined;
    if (!session) return;
    await session.destroy();
    app.log.info({ issuer }, "local sign-in: a refused account's session ended");
  }

  app.log.info({ issuer }, 'embedded OpenID Connect provider mounted (local sign-in)');
  return { issuer, clientId: LOCAL_WEB_CLIENT_ID, clientSecret, endSessionOf };
}

/**
 * The sign-out pages are HTML, and the one without a provider session submits itself with an
 * inline script, as does the page that ends the session of the account a browser leaves for
 * another. The API policy every /oidc answer gets would block those scripts; these pages (and
 * only these, by the route the provider matched) get a policy allowing exactly their own inline
 * script and style by hash, and forms to this origin.
 */
async function pagePolicyForOwnPages(ctx: KoaContextWithOIDC, next: () => Promise<unknown>) {
  await next();
  const route = (ctx.oidc as KoaContextWithOIDC['oidc'] | undefined)?.route;
  if (
    route &&
    OWN_PAGE_ROUTES.has(route) &&
    typeof ctx.body === 'string' &&
    ctx.response.is('html')
  ) {
    ctx.set('content-security-policy', inlinePagePolicy(ctx.body));
  }
}

/** The local sign-in form, in the same page shell as every page for people. */
function loginPage(uid: string, error?: string): string {
  return renderPersonPage({
    title: 'Sign in to ReelScore',
    documentTitle: 'Sign in - ReelScore (local)',
    body:
      `<p>Local sign-in for development. In production this is Google.</p>` +
      (error ? `<p class="alert" role="alert">${escapeHtml(error)}</p>` : '') +
      `<form method="post" action="${LOGIN_PATH}/${encodeURIComponent(uid)}">` +
      `<label for="email">Email</label><input id="email" name="email" type="email" required autocomplete="email" autofocus>` +
      `<label for="name">Display name</label><input id="name" name="name" type="text" autocomplete="name">` +
      `<button type="submit">Continue</button></form>`,
  }).html;
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return (
    reply
      .code(status)
      .header('content-security-policy', inlinePagePolicy(html))
      .header('cache-control', 'no-store')
      // A page inside the sign-in popup: it must not cut the popup off from its opener.
      .removeHeader('cross-origin-opener-policy')
      .type('text/html; charset=utf-8')
      .send(html)
  );
}
