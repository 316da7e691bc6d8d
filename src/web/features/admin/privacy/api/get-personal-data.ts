/** GET /api/admin/data?email: everything held about an address, as JSON (audited). */
import { useMutation } from '@tanstack/react-query';
import type { PersonalData } from '../../../../../contract/privacy.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';

export const DOWNLOAD_FAILED_MESSAGE = 'Failed to fetch the data of this address';

export function getPersonalData(email: string) {
  return adminRequest<PersonalData>('/admin/data', {
    query: { email },
    label: 'admin_privacy_download',
    fallbackMessage: DOWNLOAD_FAILED_MESSAGE,
  });
}

/**
 * Fetches an address's data on the admin's request, for their records: each fetch is audited,
 * so it is an action of its own rather than a cached query. Nothing shown changes.
 */
export function useGetPersonalData() {
  return useMutation({ mutationFn: getPersonalData });
}
