/** POST /api/admin/whitelist/add {email} (spec section 7). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WhitelistResponse } from '../../../../../contract/admin.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';
import { markInsightsStale, setWhitelistedEverywhere } from '../../shared/api/list-cache.ts';

export const ADD_FAILED_MESSAGE = 'Failed to add user to whitelist';

export function addToWhitelist(email: string) {
  return adminRequest<WhitelistResponse>('/admin/whitelist/add', {
    method: 'POST',
    body: { email },
    label: 'admin_whitelist_add',
    fallbackMessage: ADD_FAILED_MESSAGE,
  });
}

/** Whitelists an address; every loaded list shows it at once, the figures and audit reload. */
export function useAddToWhitelist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addToWhitelist,
    onSuccess: (_answer, email) => {
      setWhitelistedEverywhere(client, email, true);
      markInsightsStale(client);
    },
  });
}
