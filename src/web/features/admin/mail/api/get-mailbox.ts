/** GET /api/email/mailbox: locally, the mail the embedded catcher received (text only). */
import { useQuery } from '@tanstack/react-query';
import type { MailboxResponse } from '../../../../../contract/email-api.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';

/** The key of the mailbox's query: a test send marks it stale. */
export const MAILBOX_KEY = 'mailbox';

export function getMailbox(signal?: AbortSignal) {
  return adminRequest<MailboxResponse>('/email/mailbox', {
    signal,
    label: 'admin_fetch_mailbox',
    fallbackMessage: 'Failed to fetch the mailbox',
  });
}

export function useMailbox() {
  return useQuery({ queryKey: [MAILBOX_KEY], queryFn: ({ signal }) => getMailbox(signal) });
}
