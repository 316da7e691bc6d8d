/**
 * POST /api/email/test {email, templateType}. A failed send (502) or a refused one (409) still
 * answers `{success: false, message}`, which the result box shows as it is.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendEmailResponse, TestEmailRequest } from '../../../../../contract/email-api.ts';
import { textField } from '../../../../lib/api.ts';
import { AdminApiError, adminRequest } from '../../shared/api/admin-request.ts';
import { MAILBOX_KEY } from './get-mailbox.ts';
import { OUTBOX_KEY } from './get-outbox.ts';

export const TEST_EMAIL_FAILED_MESSAGE = 'Failed to send test email';

export async function sendTestEmail(request: TestEmailRequest): Promise<SendEmailResponse> {
  try {
    return await adminRequest<SendEmailResponse>('/email/test', {
      method: 'POST',
      body: request,
      label: 'admin_test_email',
      fallbackMessage: TEST_EMAIL_FAILED_MESSAGE,
    });
  } catch (error) {
    if (error instanceof AdminApiError && typeof error.body === 'object' && error.body !== null) {
      const messageId = textField(error.body, 'messageId');
      if ('success' in error.body) {
        return { success: false, message: error.message, ...(messageId ? { messageId } : {}) };
      }
    }
    throw error;
  }
}

/** Sends a test; whatever the outcome, the local mailbox and the mail queue are loaded again. */
export function useSendTestEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendTestEmail,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: [MAILBOX_KEY] });
      void client.invalidateQueries({ queryKey: [OUTBOX_KEY] });
    },
  });
}
