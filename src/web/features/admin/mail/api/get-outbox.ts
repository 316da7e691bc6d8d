/** GET /api/admin/outbox: the mail queue's counts per state and its newest dead messages. */
import { useQuery } from '@tanstack/react-query';
import type { OutboxResponse } from '../../../../../contract/outbox.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';

/** The dead messages shown; the contract's constant is not imported, as its module carries zod. */
export const OUTBOX_PAGE_SIZE = 20;
export const OUTBOX_FAILED_MESSAGE = 'Failed to load the mail queue';
/** The key of the mail queue's query. */
export const OUTBOX_KEY = 'outbox';

export function getOutbox(signal?: AbortSignal) {
  return adminRequest<OutboxResponse>('/admin/outbox', {
    query: { status: 'dead', limit: OUTBOX_PAGE_SIZE, offset: 0 },
    signal,
    label: 'admin_fetch_outbox',
    fallbackMessage: OUTBOX_FAILED_MESSAGE,
  });
}

/** `refetch()` refreshes it in place: the last answer stays shown until the next arrives. */
export function useOutbox() {
  return useQuery({ queryKey: [OUTBOX_KEY], queryFn: ({ signal }) => getOutbox(signal) });
}
