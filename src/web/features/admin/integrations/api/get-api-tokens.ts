/** GET /api/admin/tokens: every API token, newest first; never the token itself. */
import { useQuery } from '@tanstack/react-query';
import type { ApiTokenList } from '../../../../../contract/api-tokens.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';

export const API_TOKENS_FAILED_MESSAGE = 'Failed to load the API tokens';
/** The key of the token list's query. */
export const API_TOKENS_KEY = 'api-tokens';

export function getApiTokens(signal?: AbortSignal) {
  return adminRequest<ApiTokenList>('/admin/tokens', {
    signal,
    label: 'admin_fetch_api_tokens',
    fallbackMessage: API_TOKENS_FAILED_MESSAGE,
  });
}

export function useApiTokens() {
  return useQuery({ queryKey: [API_TOKENS_KEY], queryFn: ({ signal }) => getApiTokens(signal) });
}
