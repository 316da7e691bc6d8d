/** GET /api/admin/referrals: one page of referrals of a status (held, for review, by default). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReferralStatus, ReferralsResponse } from '../../../../../contract/referrals.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';

/** The contract's page size; not imported, as its module carries zod. */
export const REFERRALS_PAGE_SIZE = 50;
export const REFERRALS_FAILED_MESSAGE = 'Failed to load the referrals';
/** The first part of every referral query's key: a decision marks them all stale. */
export const REFERRALS_KEY = 'referrals';

export function getReferrals(status: ReferralStatus, offset: number, signal?: AbortSignal) {
  return adminRequest<ReferralsResponse>('/admin/referrals', {
    query: { status, limit: REFERRALS_PAGE_SIZE, offset },
    signal,
    label: 'admin_fetch_referrals',
    fallbackMessage: REFERRALS_FAILED_MESSAGE,
  });
}

export function useReferrals(status: ReferralStatus, offset: number) {
  return useQuery({
    queryKey: [REFERRALS_KEY, 'list', status, offset],
    queryFn: ({ signal }) => getReferrals(status, offset, signal),
    placeholderData: keepPreviousData,
  });
}
