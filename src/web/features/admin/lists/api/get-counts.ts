/** GET /api/admin/counts: the figures above the lists. */
import type { AdminCounts } from '../../../../../contract/admin-insights.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';
import { COUNTS_KEY } from '../../shared/api/list-keys.ts';
import { useQuery } from '../../shared/api/use-query.ts';

export const COUNTS_FAILED_MESSAGE = 'Failed to load the figures';

export function getCounts(signal?: AbortSignal) {
  return adminRequest<AdminCounts>('/admin/counts', {
    signal,
    label: 'admin_fetch_counts',
    fallbackMessage: COUNTS_FAILED_MESSAGE,
  });
}

export function useCounts(onError?: (error: unknown) => void) {
  return useQuery(COUNTS_KEY, getCounts, onError);
}
