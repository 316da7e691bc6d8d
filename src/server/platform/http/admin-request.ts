import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTHENTICATION_REQUIRED_MESSAGE } from '../../../contract/admin.ts';
import { adminErrorSchema } from '../../../contract/errors.ts';
import { HttpError, ServiceUnavailableError } from '../../lib/http-errors.ts';

/** Who is signed in: the admin session's identity (features/auth finds it, routes read it). */
export interface SessionIdentity {
  uid: string;
  email: string;
  displayName: string;
  photoUrl: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the admin guard before any admin handler runs; null elsewhere. */
    admin: SessionIdentity | null;
  }
}

/** The error answers every admin route documents; 401 and 403 come from the admin guard. */
export const adminErrorResponses = {
  400: adminErrorSchema.describe('Invalid query or body; the message says which.'),
  401: adminErrorSchema.describe('No valid admin session.'),
  403: adminErrorSchema.describe('The session is not on the admin allow-list, or cross-site.'),
  503: adminErrorSchema.describe('The database is unavailable; nothing was changed.'),
};

/** The admin guard sets this before any admin handler runs; the check only satisfies types. */
export function currentAdmin(request: FastifyRequest): SessionIdentity {
  if (!request.admin) throw new HttpError(401, AUTHENTICATION_REQUIRED_MESSAGE);
  return request.admin;
}

/** Admin answers carry personal data: no cache may keep them. */
export function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}

/** Runs a database call; a failure becomes a 503 with `message` (the cause is logged). */
export async function orUnavailable<T>(message: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new ServiceUnavailableError(message, { cause: error });
  }
}

/** What joins a token's creator and the token in the name of what a token did. */
export const VIA_TOKEN = ' via token ';

/**
 * The address whose rights an identity uses: a session's own, or a token's creator (an
 * address holds no space, so the first ` via token ` ends it). Limits per person count every
 * session and token of one address together.
 */
export function actingAddress(identity: { uid: string; email: string }): string {
  if (!identity.uid.startsWith('api-token:')) return identity.email;
  const end = identity.email.indexOf(VIA_TOKEN);
  return end === -1 ? identity.email : identity.email.slice(0, end);
}
