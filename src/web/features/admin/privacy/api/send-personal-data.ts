/** POST /api/admin/data/export {email}: mails the person a copy of their data (audited). */
import { useMutation } from '@tanstack/react-query';
import type { DataExportResponse } from '../../../../../contract/privacy.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';

export const SEND_COPY_FAILED_MESSAGE = 'Failed to send the copy of the data';

export function sendPersonalDataCopy(email: string) {
  return adminRequest<DataExportResponse>('/admin/data/export', {
    method: 'POST',
    body: { email },
    label: 'admin_privacy_export',
    fallbackMessage: SEND_COPY_FAILED_MESSAGE,
  });
}

/** Queues the copy; nothing the dashboard shows changes. */
export function useSendPersonalDataCopy() {
  return useMutation({ mutationFn: sendPersonalDataCopy });
}
