/** POST /api/admin/tokens {name, scope, expiresInDays?}: the answer holds the token, once. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ApiTokenList,
  CreateApiTokenRequest,
  CreatedApiToken,
} from '../../../../../contract/api-tokens.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';
import { API_TOKENS_KEY } from './get-api-tokens.ts';

export const CREATE_TOKEN_FAILED_MESSAGE = 'Failed to create the API token';

export function createApiToken(request: CreateApiTokenRequest) {
  return adminRequest<CreatedApiToken>('/admin/tokens', {
    method: 'POST',
    body: request,
    label: 'admin_create_api_token',
    fallbackMessage: CREATE_TOKEN_FAILED_MESSAGE,
  });
}

/** Creates a token; the list shows it at once and is loaded again. */
export function useCreateApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: (answer) => {
      client.setQueryData<ApiTokenList>(
        [API_TOKENS_KEY],
        (data) => data && { tokens: [answer.apiToken, ...data.tokens] },
      );
      void client.invalidateQueries({ queryKey: [API_TOKENS_KEY] });
    },
  });
}
