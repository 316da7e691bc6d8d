/** GET /api/admin/counts: the figures above the lists. */
import { useQuery } from '@tanstack/react-query';
import type { AdminCounts } from '../../../../../contract/admin-insights.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';
import { COUNTS_KEY } from '../../shared/api/list-keys.ts';

export const COUNTS_FAILED_MESSAGE = 'Failed to load the figures';

export function getCounts(signal?: AbortSignal) {
  return adminRequest<AdminCounts>('/admin/counts', {
    signal,
    label: 'admin_fetch_counts',
    fallbackMessage: COUNTS_FAILED_MESSAGE,
  });
}

export function useCounts() {
  return useQuery({ queryKey: [COUNTS_KEY], queryFn: ({ signal }) => getCounts(signal) });
}
