/** DELETE /api/admin/whitelist/remove {email} (spec section 7). */
import type { WhitelistResponse } from '../../../../../contract/admin.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';

export const REMOVE_FAILED_MESSAGE = 'Failed to remove user from whitelist';

export function removeFromWhitelist(email: string) {
  return adminRequest<WhitelistResponse>('/admin/whitelist/remove', {
    method: 'DELETE',
    body: { email },
    label: 'admin_whitelist_remove',
    fallbackMessage: REMOVE_FAILED_MESSAGE,
  });
}
