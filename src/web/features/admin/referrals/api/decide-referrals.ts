/** POST /api/admin/referrals/decide {ids, decision}: credit or reject held referrals. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ReferralDecisionRequest,
  ReferralDecisionResponse,
} from '../../../../../contract/referrals.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';
import { AUDIT_KEY, PERSON_KEY, SIGNUPS_KEY, USERS_KEY } from '../../shared/api/list-keys.ts';
import { REFERRALS_KEY } from './get-referrals.ts';

export const DECISION_FAILED_MESSAGE = 'The decision could not be recorded; nothing was changed';

export function decideReferrals(request: ReferralDecisionRequest) {
  return adminRequest<ReferralDecisionResponse>('/admin/referrals/decide', {
    method: 'POST',
    body: request,
    label: 'admin_referrals_decide',
    fallbackMessage: DECISION_FAILED_MESSAGE,
  });
}

/**
 * Credits or rejects referrals; the review, the lists (a credit moves the owner in line), the
 * person panel and the audit log are loaded again.
 */
export function useDecideReferrals() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: decideReferrals,
    onSuccess: () => {
      for (const key of [REFERRALS_KEY, SIGNUPS_KEY, USERS_KEY, PERSON_KEY, AUDIT_KEY]) {
        void client.invalidateQueries({ queryKey: [key] });
      }
    },
  });
}
