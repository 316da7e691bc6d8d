/** POST /api/auth/logout: ends the session on the server (the cookie is HttpOnly). */
import { adminRequest } from '../../shared/api/admin-request.ts';

export function signOut(): Promise<unknown> {
  return adminRequest('/auth/logout', {
    method: 'POST',
    label: 'admin_logout',
    fallbackMessage: 'Failed to sign out',
  });
}
