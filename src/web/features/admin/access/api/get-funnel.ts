/** GET /api/admin/funnel?days: signups of the period by form, and how far each got. */
import { useQuery } from '@tanstack/react-query';
import type { FunnelResponse } from '../../../../../contract/waves.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';

export const FUNNEL_KEY = 'funnel';
export const FUNNEL_FAILED_MESSAGE = 'Failed to load the funnel';

export function getFunnel(days: number, signal?: AbortSignal) {
  return adminRequest<FunnelResponse>('/admin/funnel', {
    query: { days },
    signal,
    label: 'admin_fetch_funnel',
    fallbackMessage: FUNNEL_FAILED_MESSAGE,
  });
}

export function useFunnel(days: number) {
  return useQuery({
    queryKey: [FUNNEL_KEY, days],
    queryFn: ({ signal }) => getFunnel(days, signal),
  });
}
