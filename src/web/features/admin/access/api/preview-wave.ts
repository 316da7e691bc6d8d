/**
 * POST /api/admin/waves/preview: how many people a wave would reach, and the first of them. It
 * changes nothing; the wave is started with the count it stated (create-wave.ts).
 */
import { useMutation } from '@tanstack/react-query';
import type { WavePreviewRequest, WavePreviewResponse } from '../../../../../contract/waves.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';

export const WAVE_PREVIEW_FAILED_MESSAGE = 'Failed to count the people of the wave';

export function previewWave(request: WavePreviewRequest) {
  return adminRequest<WavePreviewResponse>('/admin/waves/preview', {
    method: 'POST',
    body: request,
    label: 'admin_wave_preview',
    fallbackMessage: WAVE_PREVIEW_FAILED_MESSAGE,
  });
}

/** Counts a wave on the admin's request; nothing in the cache changes. */
export function usePreviewWave() {
  return useMutation({ mutationFn: previewWave });
}
