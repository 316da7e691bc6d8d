import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ACCESS_DENIED_MESSAGE,
  AUTHENTICATION_REQUIRED_MESSAGE,
  type DashboardRole,
} from '../../../contract/admin.ts';
import { READ_ONLY_TOKEN_MESSAGE, SESSION_ONLY_MESSAGE } from '../../../contract/api-tokens.ts';
import type { AppConfig } from '../../config.ts';
import { maskEmail } from '../../lib/mask.ts';
import {
  findActiveApiToken,
  isApiTokenShaped,
  tokenActor,
  touchApiToken,
} from './api-token-repository.ts';
import { findActiveSession, touchSession } from './session-repository.ts';

export const SESSION_COOKIE = '__Host-reelscore_session';

/** Writing `last_seen_at` on every call would make every read a write; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * The session token from the cookie, or from `Authorization: Bearer` for scripts (where it may
 * also be an API token, told apart by its prefix).
 */
export function sessionToken(
  request: FastifyRequest,
): { token: string; via: 'cookie' | 'bearer' } | undefined {
  const cookie = request.cookies[SESSION_COOKIE];
  if (cookie) return { token: cookie, via: 'cookie' };
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ? { token: match[1], via: 'bearer' } : undefined;
}

/**
 * A browser sends `Origin` (and `Sec-Fetch-Site`) with every POST and DELETE; a cookie-signed
 * change must come from our own pages. SameSite=Strict already keeps the cookie off cross-site
 * requests; this is the second lock.
 */
function sameOrigin(request: FastifyRequest, config: AppConfig): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  return request.headers.origin === new URL(config.publicUrl).origin;
}

function refuse(reply: FastifyReply, status: 401 | 403, message: string) {
  return reply.code(status).send({ message });
}

/** The credential a script sends is an API token (by its prefix), not a session token. */
function isApiTokenCredential(credential: { token: string; via: 'cookie' | 'bearer' }): boolean {
  return credential.via === 'bearer' && isApiTokenShaped(credential.token);
}

/**
 * An API token (features/auth/api-token-repository.ts): in force (not revoked, not expired), its
 * creator on the allow-list at this moment, and a read-only one only for safe methods. No cookie
 * is involved, so the cross-site check does not apply. The identity it acts as is its creator's,
 * with an address that names the token too, so every audit row and log line says who acted.
 */
async function checkApiToken(
  app: FastifyInstance,
  config: AppConfig,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  allowed: Allowed,
) {
  const now = new Date();
  const apiToken = await findActiveApiToken(app.database.db, token, now);
  if (!apiToken) {
    request.log.warn('admin call refused: no valid API token');
    return refuse(reply, 401, AUTHENTICATION_REQUIRED_MESSAGE);
  }
  if (!allowed(config, apiToken.created_by)) {
    request.log.warn(
      { email: maskEmail(apiToken.created_by), token: apiToken.prefix_hint },
      'admin call refused: API token of an address not on the allow-list',
    );
    return refuse(reply, 403, ACCESS_DENIED_MESSAGE);
  }
  if (apiToken.scope === 'read' && !['GET', 'HEAD'].includes(request.method)) {
    request.log.warn({ token: apiToken.prefix_hint }, 'admin change refused: read-only API token');
    return refuse(reply, 403, READ_ONLY_TOKEN_MESSAGE);
  }
  if (!apiToken.lastUsedAt || now.getTime() - apiToken.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await touchApiToken(app.database.db, apiToken.id, now);
  }
  request.admin = {
    uid: `api-token:${apiToken.id}`,
    email: tokenActor(apiToken),
    displayName: apiToken.name,
    photoUrl: null,
  };
}

/**
 * A live session (not revoked, not idle too long, not past its absolute end) whose address is on
 * the allow-list at this moment; a change signed by the cookie must come from our own pages.
 */
async function checkSession(
  app: FastifyInstance,
  config: AppConfig,
  request: FastifyRequest,
  reply: FastifyReply,
  credential: { token: string; via: 'cookie' | 'bearer' },
  allowed: Allowed,
) {
  const now = new Date();
  const session = await findActiveSession(app.database.db, credential.token, config.session, now);
  if (!session) {
    request.log.warn({ via: credential.via }, 'admin call refused: no valid session');
    return refuse(reply, 401, AUTHENTICATION_REQUIRED_MESSAGE);
  }
  if (!allowed(config, session.email)) {
    request.log.warn(
      { email: maskEmail(session.email) },
      'admin call refused: not on the allow-list',
    );
    return refuse(reply, 403, ACCESS_DENIED_MESSAGE);
  }
  const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(request.method);
  if (unsafe && credential.via === 'cookie' && !sameOrigin(request, config)) {
    request.log.warn(
      { email: maskEmail(session.email) },
      'admin change refused: cross-site request',
    );
    return refuse(reply, 403, 'Cross-site requests are not allowed.');
  }
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await touchSession(app.database.db, session.tokenHash, now);
  }
  request.admin = {
    uid: session.uid,
    email: session.email,
    displayName: session.displayName,
    photoUrl: session.photoUrl,
  };
}

/** Whether an address may act on a route of some access kind, at this moment. */
type Allowed = (config: AppConfig, email: string) => boolean;

const isAdmin: Allowed = (config, email) => config.adminEmails.has(email);
const mayRead: Allowed = (config, email) => dashboardRole(config, email) !== undefined;

/**
 * What an address may do in the dashboard: `admin` (ADMIN_EMAILS) everything, `viewer`
 * (VIEWER_EMAILS) read only; undefined: nothing. An address on both lists is an admin.
 */
export function dashboardRole(config: AppConfig, email: string): DashboardRole | undefined {
  if (config.adminEmails.has(email)) return 'admin';
  if (config.viewerEmails.has(email)) return 'viewer';
  return undefined;
}

/**
 * The checks of the routes that declare `access: 'admin'` (a session or an API token of an
 * admin), `access: 'viewer'` (the same for an admin or a viewer: read-only routes) and
 * `access: 'admin-session'` (an admin's session only: the API-token routes, so a token cannot
 * mint tokens) in plugins/route-access.ts.
 */
export function registerAdminGuard(app: FastifyInstance, config: AppConfig) {
  app.decorateRequest('admin', null);
  for (const [access, allowed] of [
    ['admin', isAdmin],
    ['viewer', mayRead],
  ] as const) {
    app.defineAccessCheck(access, async (request, reply) => {
      const credential = sessionToken(request);
      if (!credential) return refuse(reply, 401, AUTHENTICATION_REQUIRED_MESSAGE);
      if (isApiTokenCredential(credential)) {
        return checkApiToken(app, config, request, reply, credential.token, allowed);
      }
      return checkSession(app, config, request, reply, credential, allowed);
    });
  }
  app.defineAccessCheck('admin-session', async (request, reply) => {
    const credential = sessionToken(request);
    if (!credential) return refuse(reply, 401, AUTHENTICATION_REQUIRED_MESSAGE);
    if (isApiTokenCredential(credential)) {
      request.log.warn('admin call refused: an API token on a session-only route');
      return refuse(reply, 403, SESSION_ONLY_MESSAGE);
    }
    return checkSession(app, config, request, reply, credential, isAdmin);
  });
}
