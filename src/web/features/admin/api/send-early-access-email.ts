/** POST /api/email/early-access {email}: the invitation sent from the add dialog. */
import type { SendEmailResponse } from '../../../../contract/email-api.ts';
import { adminRequest } from './admin-request.ts';

export const EARLY_ACCESS_FAILED_MESSAGE = 'Failed to send early access email';

export function sendEarlyAccessEmail(email: string) {
  return adminRequest<SendEmailResponse>('/email/early-access', {
    method: 'POST',
    body: { email },
    label: 'admin_early_access_email',
    fallbackMessage: EARLY_ACCESS_FAILED_MESSAGE,
  });
}
