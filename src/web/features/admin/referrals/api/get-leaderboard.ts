/** GET /api/admin/referrals/leaderboard: the referrers with the most credited referrals. */
import { useQuery } from '@tanstack/react-query';
import type { LeaderboardResponse } from '../../../../../contract/referrals.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';
import { REFERRALS_KEY } from './get-referrals.ts';

export const LEADERBOARD_FAILED_MESSAGE = 'Failed to load the leaderboard';
export const LEADERBOARD_SIZE = 10;

export function getLeaderboard(signal?: AbortSignal) {
  return adminRequest<LeaderboardResponse>('/admin/referrals/leaderboard', {
    query: { limit: LEADERBOARD_SIZE },
    signal,
    label: 'admin_fetch_referral_leaderboard',
    fallbackMessage: LEADERBOARD_FAILED_MESSAGE,
  });
}

export function useLeaderboard() {
  return useQuery({
    queryKey: [REFERRALS_KEY, 'leaderboard'],
    queryFn: ({ signal }) => getLeaderboard(signal),
  });
}
