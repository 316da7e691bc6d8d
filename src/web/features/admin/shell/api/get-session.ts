/** GET /api/auth/session: the signed-in admin (200), nobody (401) or a refused account (403). */
import type { AdminUser } from '../../../../../contract/admin.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';

export function getSession(signal?: AbortSignal): Promise<AdminUser> {
  return adminRequest<AdminUser>('/auth/session', {
    signal,
    label: 'admin_session',
    fallbackMessage: 'Failed to check authentication',
  });
}
