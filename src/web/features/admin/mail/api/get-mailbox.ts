/** GET /api/email/mailbox: locally, the mail the embedded catcher received (text only). */
import type { MailboxResponse } from '../../../../../contract/email-api.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';
import { useQuery } from '../../shared/api/use-query.ts';

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
  return useQuery(MAILBOX_KEY, getMailbox);
}
