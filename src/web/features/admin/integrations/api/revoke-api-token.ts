/** DELETE /api/admin/tokens/:id: the token stops working at once (idempotent, audited). */
import type { ApiToken } from '../../../../../contract/api-tokens.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';

export const REVOKE_TOKEN_FAILED_MESSAGE = 'Failed to revoke the API token';

export function revokeApiToken(id: string) {
  return adminRequest<ApiToken>(`/admin/tokens/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    label: 'admin_revoke_api_token',
    fallbackMessage: REVOKE_TOKEN_FAILED_MESSAGE,
  });
}
