/**
 * POST /api/admin/whitelist/bulk: the bulk change itself, with the count the admin confirmed as
 * `expectedCount`; the server answers 409 when the selection changed since it was counted.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkWhitelistRequest, BulkWhitelistResponse } from '../../../../../contract/waves.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';
import { markListsStale } from '../../shared/api/list-cache.ts';

export const BULK_FAILED_MESSAGE = 'Failed to change the whitelist';

export function bulkWhitelist(request: BulkWhitelistRequest) {
  return adminRequest<BulkWhitelistResponse>('/admin/whitelist/bulk', {
    method: 'POST',
    body: request,
    label: 'admin_bulk_whitelist',
    fallbackMessage: BULK_FAILED_MESSAGE,
  });
}

/** Changes the selection; the lists, the figures and the audit log are loaded again. */
export function useBulkWhitelist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: bulkWhitelist,
    onSuccess: () => markListsStale(client),
  });
}
