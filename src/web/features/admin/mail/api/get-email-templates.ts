/** GET /api/email/templates: the templates of the Email Testing tab. */
import { useQuery } from '@tanstack/react-query';
import type { EmailTemplatesResponse } from '../../../../../contract/email-api.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';

export const TEMPLATES_FAILED_MESSAGE = 'Failed to fetch email templates';

export function getEmailTemplates(signal?: AbortSignal) {
  return adminRequest<EmailTemplatesResponse>('/email/templates', {
    signal,
    label: 'admin_fetch_email_templates',
    fallbackMessage: TEMPLATES_FAILED_MESSAGE,
  });
}

export function useEmailTemplates() {
  return useQuery({
    queryKey: ['templates'],
    queryFn: ({ signal }) => getEmailTemplates(signal),
  });
}
