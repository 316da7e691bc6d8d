/**
 * POST /api/admin/whitelist/bulk/preview: counts the selected rows (or every row the list's
 * filters keep) before a bulk change, with the first addresses. It changes nothing.
 */
import { useQuery } from '@tanstack/react-query';
import type { BulkPreviewRequest, BulkPreviewResponse } from '../../../../../contract/waves.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';

export const BULK_PREVIEW_KEY = 'bulk-preview';
export const BULK_PREVIEW_FAILED_MESSAGE = 'Failed to count the selected addresses';

export function previewBulkWhitelist(request: BulkPreviewRequest) {
  return adminRequest<BulkPreviewResponse>('/admin/whitelist/bulk/preview', {
    method: 'POST',
    body: request,
    label: 'admin_bulk_preview',
    fallbackMessage: BULK_PREVIEW_FAILED_MESSAGE,
  });
}

/**
 * The count of a selection, asked for once while the confirmation is open (and again with
 * `refetch` after the server refused a stale count); never refreshed behind the admin's back,
 * and forgotten once the confirmation closes, so the next one counts afresh.
 */
export function useBulkWhitelistPreview(request: BulkPreviewRequest) {
  return useQuery({
    queryKey: [BULK_PREVIEW_KEY, request],
    queryFn: () => previewBulkWhitelist(request),
    staleTime: Infinity,
    gcTime: 0,
  });
}
