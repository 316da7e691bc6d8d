/** DELETE /api/admin/whitelist/remove {email} (spec section 7). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WhitelistResponse } from '../../../../../contract/admin.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';
import { markInsightsStale, setWhitelistedEverywhere } from '../../shared/api/list-cache.ts';

export const REMOVE_FAILED_MESSAGE = 'Failed to remove user from whitelist';

export function removeFromWhitelist(email: string) {
  return adminRequest<WhitelistResponse>('/admin/whitelist/remove', {
    method: 'DELETE',
    body: { email },
    label: 'admin_whitelist_remove',
    fallbackMessage: REMOVE_FAILED_MESSAGE,
  });
}

/** Takes an address off the whitelist; every loaded list shows it at once, the figures reload. */
export function useRemoveFromWhitelist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeFromWhitelist,
    onSuccess: (_answer, email) => {
      setWhitelistedEverywhere(client, email, false);
      markInsightsStale(client);
    },
  });
}
