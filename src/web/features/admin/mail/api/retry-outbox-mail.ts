/** POST /api/admin/outbox/retry {ids} or {allDead: true}: dead mail back in the queue. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RetryOutboxRequest, RetryOutboxResponse } from '../../../../../contract/outbox.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';
import { OUTBOX_KEY } from './get-outbox.ts';

export const RETRY_FAILED_MESSAGE = 'Failed to retry the mail';

export function retryOutboxMail(request: RetryOutboxRequest) {
  return adminRequest<RetryOutboxResponse>('/admin/outbox/retry', {
    method: 'POST',
    body: request,
    label: 'admin_outbox_retry',
    fallbackMessage: RETRY_FAILED_MESSAGE,
  });
}

/** Puts dead mail back in the queue; the queue is loaded again. */
export function useRetryOutboxMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: retryOutboxMail,
    onSuccess: () => void client.invalidateQueries({ queryKey: [OUTBOX_KEY] }),
  });
}
