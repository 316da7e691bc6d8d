/**
 * POST /api/admin/waves: starts a wave with the previewed count as `expectedCount`; the server
 * answers 409 with the new count when the selection changed since the preview.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateWaveRequest,
  WaveResponse,
  WavesResponse,
} from '../../../../../contract/waves.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';
import { SIGNUPS_KEY, USERS_KEY } from '../../shared/api/list-keys.ts';
import { FUNNEL_KEY } from './get-funnel.ts';
import { WAVES_KEY } from './get-waves.ts';

export const WAVE_FAILED_MESSAGE = 'Failed to start the wave';

export function createWave(request: CreateWaveRequest) {
  return adminRequest<WaveResponse>('/admin/waves', {
    method: 'POST',
    body: request,
    label: 'admin_wave_create',
    fallbackMessage: WAVE_FAILED_MESSAGE,
  });
}

/**
 * Starts a wave; the waves show it at once and are loaded again, and so are the lists and the
 * funnel, as the wave changed who is whitelisted.
 */
export function useCreateWave() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createWave,
    onSuccess: ({ wave }) => {
      client.setQueryData<WavesResponse>([WAVES_KEY], (data) => ({
        waves: [wave, ...(data?.waves ?? []).filter((entry) => entry.id !== wave.id)],
      }));
      void client.invalidateQueries({ queryKey: [WAVES_KEY] });
      void client.invalidateQueries({ queryKey: [SIGNUPS_KEY] });
      void client.invalidateQueries({ queryKey: [USERS_KEY] });
      void client.invalidateQueries({ queryKey: [FUNNEL_KEY] });
    },
  });
}
