/**
 * POST /api/email/early-access {email}: the invitation sent from the add dialog. The server
 * whitelists the address in the transaction that queues the mail (`isWhitelisted` in the
 * answer), so the dialog makes no whitelist call of its own after it.
 */
import type { EarlyAccessEmailResponse } from '../../../../../contract/email-api.ts';
import { AdminApiError, adminRequest } from '../../shared/api/admin-request.ts';

export const EARLY_ACCESS_FAILED_MESSAGE = 'Failed to send early access email';

export function sendEarlyAccessEmail(email: string) {
  return adminRequest<EarlyAccessEmailResponse>('/email/early-access', {
    method: 'POST',
    body: { email },
    label: 'admin_early_access_email',
    fallbackMessage: EARLY_ACCESS_FAILED_MESSAGE,
  });
}

/** A failed send whose answer says the address is on the whitelist all the same (502). */
export function whitelistedDespiteFailure(caught: unknown): boolean {
  return (
    caught instanceof AdminApiError &&
    typeof caught.body === 'object' &&
    caught.body !== null &&
    (caught.body as Partial<EarlyAccessEmailResponse>).isWhitelisted === true
  );
}
