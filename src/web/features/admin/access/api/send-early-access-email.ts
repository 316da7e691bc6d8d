/**
 * POST /api/email/early-access {email}: the invitation sent from the add dialog. The server
 * whitelists the address in the transaction that queues the mail (`isWhitelisted` in the
 * answer), so the dialog makes no whitelist call of its own after it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EarlyAccessEmailResponse } from '../../../../../contract/email-api.ts';
import { AdminApiError, adminRequest } from '../../shared/api/admin-request.ts';
import { markInsightsStale, setWhitelistedEverywhere } from '../../shared/api/list-cache.ts';

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

/**
 * Sends the invitation; once the server has let the address in (even when the mail server then
 * failed), every loaded list shows it whitelisted and the figures and audit reload.
 */
export function useSendEarlyAccessEmail() {
  const client = useQueryClient();
  const showWhitelisted = (email: string) => {
    setWhitelistedEverywhere(client, email, true);
    markInsightsStale(client);
  };
  return useMutation({
    mutationFn: sendEarlyAccessEmail,
    onSuccess: (_answer, email) => showWhitelisted(email),
    onError: (caught, email) => {
      if (whitelistedDespiteFailure(caught)) showWhitelisted(email);
    },
  });
}
