/** DELETE /api/admin/tokens/:id: the token stops working at once (idempotent, audited). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiToken, ApiTokenList } from '../../../../../contract/api-tokens.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';
import { API_TOKENS_KEY } from './get-api-tokens.ts';

export const REVOKE_TOKEN_FAILED_MESSAGE = 'Failed to revoke the API token';

export function revokeApiToken(id: string) {
  return adminRequest<ApiToken>(`/admin/tokens/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    label: 'admin_revoke_api_token',
    fallbackMessage: REVOKE_TOKEN_FAILED_MESSAGE,
  });
}

/** Revokes a token; the list shows it revoked at once and is loaded again. */
export function useRevokeApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: ApiToken) => revokeApiToken(token.id),
    onSuccess: (revoked) => {
      client.setQueryData<ApiTokenList>(
        [API_TOKENS_KEY],
        (data) =>
          data && {
            tokens: data.tokens.map((entry) => (entry.id === revoked.id ? revoked : entry)),
          },
      );
      void client.invalidateQueries({ queryKey: [API_TOKENS_KEY] });
    },
  });
}
