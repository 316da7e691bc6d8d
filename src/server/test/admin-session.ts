import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '../features/auth/admin-guard.ts';
import { createSession } from '../features/auth/session-repository.ts';

/**
 * A real session row for `email`, as the sign-in callback makes one, and the headers a
 * same-origin browser request carries with it.
 */
export async function adminHeaders(app: FastifyInstance, email: string) {
  const { token } = await createSession(
    app.database.db,
    { uid: `test-${email}`, email, displayName: 'Test Admin', photoUrl: null },
    app.config.session,
  );
  return {
    token,
    headers: {
      cookie: `${SESSION_COOKIE}=${token}`,
      origin: new URL(app.config.publicUrl).origin,
      'sec-fetch-site': 'same-origin',
    },
  };
}
