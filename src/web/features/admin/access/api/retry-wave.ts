/** POST /api/admin/waves/:id/retry: the wave's failed mail is queued again, once each. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RetryWaveResponse, Wave, WavesResponse } from '../../../../../contract/waves.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';
import { WAVES_KEY } from './get-waves.ts';

export const WAVE_RETRY_FAILED_MESSAGE = 'Failed to retry the wave’s mail';

export function retryWave(id: string) {
  return adminRequest<RetryWaveResponse>(`/admin/waves/${encodeURIComponent(id)}/retry`, {
    method: 'POST',
    label: 'admin_wave_retry',
    fallbackMessage: WAVE_RETRY_FAILED_MESSAGE,
  });
}

/** Retries a wave's failed mail; the wave shows its new progress at once and is loaded again. */
export function useRetryWave() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (wave: Wave) => retryWave(wave.id),
    onSuccess: (answer, wave) => {
      client.setQueryData<WavesResponse>([WAVES_KEY], (data) =>
        data
          ? { waves: data.waves.map((entry) => (entry.id === wave.id ? answer.wave : entry)) }
          : data,
      );
      void client.invalidateQueries({ queryKey: [WAVES_KEY] });
    },
  });
}
