/** POST /api/admin/data/erase {email}: erases everything held about an address (audited). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErasureResponse } from '../../../../../contract/privacy.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';
import { markListsStale } from '../../shared/api/list-cache.ts';

export const ERASE_FAILED_MESSAGE = 'Failed to erase the data of this address';

export function erasePersonalData(email: string) {
  return adminRequest<ErasureResponse>('/admin/data/erase', {
    method: 'POST',
    body: { email },
    label: 'admin_privacy_erase',
    fallbackMessage: ERASE_FAILED_MESSAGE,
  });
}

/** Erases an address; the lists may show it, so they, the figures and the audit log reload. */
export function useErasePersonalData() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: erasePersonalData,
    onSuccess: () => markListsStale(client),
  });
}
