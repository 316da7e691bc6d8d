import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_DENIED_MESSAGE, AUTHENTICATION_REQUIRED_MESSAGE } from '../../../contract/admin.ts';
import type { AppConfig } from '../../config.ts';
import { maskEmail } from '../../lib/mask.ts';
import { findActiveSession, touchSession, type SessionIdentity } from './session-repository.ts';

export const SESSION_COOKIE = '__Host-reelscore_session';

/** Writing `last_seen_at` on every call would make every read a write; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;

declare module 'fastify' {
  interface FastifyRequest {
    admin: SessionIdentity | null;
  }
}

/** The session token from the cookie, or from `Authorization: Bearer` for scripts. */
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

/**
 * The check of every route that declares `access: 'admin'` (plugins/route-access.ts): a live
 * session (not revoked, not idle too long, not past its absolute end) whose address is on the
 * allow-list at this moment.
 */
export function registerAdminGuard(app: FastifyInstance, config: AppConfig) {
  app.decorateRequest('admin', null);
  app.defineAccessCheck('admin', async (request, reply) => {
    const credential = sessionToken(request);
    if (!credential) return refuse(reply, 401, AUTHENTICATION_REQUIRED_MESSAGE);

    const now = new Date();
    const session = await findActiveSession(app.database.db, credential.token, config.session, now);
    if (!session) {
      request.log.warn({ via: credential.via }, 'admin call refused: no valid session');
      return refuse(reply, 401, AUTHENTICATION_REQUIRED_MESSAGE);
    }
    if (!config.adminEmails.has(session.email)) {
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
  });
}
