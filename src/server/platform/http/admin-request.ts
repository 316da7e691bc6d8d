import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTHENTICATION_REQUIRED_MESSAGE } from '../../../contract/admin.ts';
import { adminErrorSchema } from '../../../contract/errors.ts';
import type { SessionIdentity } from '../../features/auth/session-repository.ts';
import { HttpError, ServiceUnavailableError } from '../../lib/http-errors.ts';

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
