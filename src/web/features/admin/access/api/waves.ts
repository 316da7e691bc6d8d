/**
 * Bulk whitelist changes, invite waves and the funnel (contract/waves.ts). Previews change
 * nothing; a confirmation sends the previewed count, and the server answers 409 with the new
 * count when the selection changed in between.
 */
import { useQuery } from '@tanstack/react-query';
import type {
  BulkPreviewRequest,
  BulkPreviewResponse,
  BulkWhitelistRequest,
  BulkWhitelistResponse,
  CreateWaveRequest,
  FunnelResponse,
  RetryWaveResponse,
  Wave,
  WavePreviewRequest,
  WavePreviewResponse,
  WaveResponse,
  WavesResponse,
} from '../../../../../contract/waves.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';

export const WAVES_KEY = 'waves';
export const FUNNEL_KEY = 'funnel';
/** How often the waves are read again while any of their mail is still queued. */
export const WAVE_POLL_MS = 1500;

export const WAVES_FAILED_MESSAGE = 'Failed to load the waves';
export const WAVE_PREVIEW_FAILED_MESSAGE = 'Failed to count the people of the wave';
export const WAVE_FAILED_MESSAGE = 'Failed to start the wave';
export const WAVE_RETRY_FAILED_MESSAGE = 'Failed to retry the wave’s mail';
export const FUNNEL_FAILED_MESSAGE = 'Failed to load the funnel';
export const BULK_PREVIEW_FAILED_MESSAGE = 'Failed to count the selected addresses';
export const BULK_FAILED_MESSAGE = 'Failed to change the whitelist';

export function getWaves(signal?: AbortSignal) {
  return adminRequest<WavesResponse>('/admin/waves', {
    signal,
    label: 'admin_fetch_waves',
    fallbackMessage: WAVES_FAILED_MESSAGE,
  });
}

export function previewWave(request: WavePreviewRequest) {
  return adminRequest<WavePreviewResponse>('/admin/waves/preview', {
    method: 'POST',
    body: request,
    label: 'admin_wave_preview',
    fallbackMessage: WAVE_PREVIEW_FAILED_MESSAGE,
  });
}

export function createWave(request: CreateWaveRequest) {
  return adminRequest<WaveResponse>('/admin/waves', {
    method: 'POST',
    body: request,
    label: 'admin_wave_create',
    fallbackMessage: WAVE_FAILED_MESSAGE,
  });
}

export function retryWave(id: string) {
  return adminRequest<RetryWaveResponse>(`/admin/waves/${encodeURIComponent(id)}/retry`, {
    method: 'POST',
    label: 'admin_wave_retry',
    fallbackMessage: WAVE_RETRY_FAILED_MESSAGE,
  });
}

export function getFunnel(days: number, signal?: AbortSignal) {
  return adminRequest<FunnelResponse>('/admin/funnel', {
    query: { days },
    signal,
    label: 'admin_fetch_funnel',
    fallbackMessage: FUNNEL_FAILED_MESSAGE,
  });
}

/** Counts the selected rows (or every row the list's filters keep) before a bulk change. */
export function previewBulkWhitelist(request: BulkPreviewRequest) {
  return adminRequest<BulkPreviewResponse>('/admin/whitelist/bulk/preview', {
    method: 'POST',
    body: request,
    label: 'admin_bulk_preview',
    fallbackMessage: BULK_PREVIEW_FAILED_MESSAGE,
  });
}

/** The change itself, with the count the admin confirmed as `expectedCount`. */
export function bulkWhitelist(request: BulkWhitelistRequest) {
  return adminRequest<BulkWhitelistResponse>('/admin/whitelist/bulk', {
    method: 'POST',
    body: request,
    label: 'admin_bulk_whitelist',
    fallbackMessage: BULK_FAILED_MESSAGE,
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

export function useFunnel(days: number) {
  return useQuery({
    queryKey: [FUNNEL_KEY, days],
    queryFn: ({ signal }) => getFunnel(days, signal),
  });
}
