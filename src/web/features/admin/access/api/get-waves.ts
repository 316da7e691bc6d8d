/** GET /api/admin/waves: the newest invite waves, each with its mail's progress from the outbox. */
import { useQuery } from '@tanstack/react-query';
import type { Wave, WavesResponse } from '../../../../../contract/waves.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';

export const WAVES_KEY = 'waves';
/** How often the waves are read again while any of their mail is still queued. */
export const WAVE_POLL_MS = 1500;
export const WAVES_FAILED_MESSAGE = 'Failed to load the waves';

export function getWaves(signal?: AbortSignal) {
  return adminRequest<WavesResponse>('/admin/waves', {
    signal,
    label: 'admin_fetch_waves',
    fallbackMessage: WAVES_FAILED_MESSAGE,
  });
}

/** Whether any of the waves' mail is still waiting to leave. */
export function hasQueuedMail(waves: readonly Wave[] | undefined): boolean {
  return Boolean(waves?.some((wave) => wave.progress.queued > 0));
}

/** The newest waves; read again every WAVE_POLL_MS while any of their mail is queued. */
export function useWaves() {
  return useQuery({
    queryKey: [WAVES_KEY],
    queryFn: ({ signal }) => getWaves(signal),
    refetchInterval: (query) => (hasQueuedMail(query.state.data?.waves) ? WAVE_POLL_MS : false),
  });
}
