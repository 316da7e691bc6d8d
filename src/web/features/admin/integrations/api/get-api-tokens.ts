/** GET /api/admin/tokens: every API token, newest first; never the token itself. */
import type { ApiTokenList } from '../../../../../contract/api-tokens.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';
import { useQuery } from '../../shared/api/use-query.ts';

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

export function useApiTokens(onError?: (error: unknown) => void) {
  return useQuery(API_TOKENS_KEY, getApiTokens, onError);
}
