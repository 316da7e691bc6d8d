/** GET /api/email/templates/:id/preview: the template's HTML with sample data. */
import type { TemplatePreviewResponse } from '../../../../../contract/email-api.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';

export const PREVIEW_FAILED_MESSAGE = 'Failed to fetch email template preview';

export function getTemplatePreview(id: string, signal?: AbortSignal) {
  return adminRequest<TemplatePreviewResponse>(
    `/email/templates/${encodeURIComponent(id)}/preview`,
    { signal, label: 'admin_fetch_template_preview', fallbackMessage: PREVIEW_FAILED_MESSAGE },
  );
}
