/** POST /api/admin/tokens {name, scope, expiresInDays?}: the answer holds the token, once. */
import type { CreateApiTokenRequest, CreatedApiToken } from '../../../../../contract/api-tokens.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';

export const CREATE_TOKEN_FAILED_MESSAGE = 'Failed to create the API token';

export function createApiToken(request: CreateApiTokenRequest) {
  return adminRequest<CreatedApiToken>('/admin/tokens', {
    method: 'POST',
    body: request,
    label: 'admin_create_api_token',
    fallbackMessage: CREATE_TOKEN_FAILED_MESSAGE,
  });
}
