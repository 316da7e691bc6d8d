/** POST /api/admin/whitelist/add {email} (spec section 7). */
import type { WhitelistResponse } from '../../../../../contract/admin.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';

export const ADD_FAILED_MESSAGE = 'Failed to add user to whitelist';

export function addToWhitelist(email: string) {
  return adminRequest<WhitelistResponse>('/admin/whitelist/add', {
    method: 'POST',
    body: { email },
    label: 'admin_whitelist_add',
    fallbackMessage: ADD_FAILED_MESSAGE,
  });
}
