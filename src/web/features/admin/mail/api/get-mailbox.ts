/** GET /api/email/mailbox: locally, the mail the embedded catcher received (text only). */
import type { MailboxResponse } from '../../../../../contract/email-api.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';
import { useQuery } from '../../shared/api/use-query.ts';

export function getMailbox(signal?: AbortSignal) {
  return adminRequest<MailboxResponse>('/email/mailbox', {
    signal,
    label: 'admin_fetch_mailbox',
    fallbackMessage: 'Failed to fetch the mailbox',
  });
}

/** `version` changes whenever a send may have added mail. */
export function useMailbox(version: number) {
  return useQuery(`mailbox:${version}`, getMailbox);
}
