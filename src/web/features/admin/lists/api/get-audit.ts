/** GET /api/admin/audit: who did what to which address and when, newest first. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditResponse } from '../../../../../contract/admin-insights.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';
import { AUDIT_KEY } from '../../shared/api/list-keys.ts';

export const AUDIT_PAGE_SIZE = 20;
export const AUDIT_FAILED_MESSAGE = 'Failed to load the audit log';

export interface AuditParams {
  actor: string;
  target: string;
  offset: number;
}

export function getAudit({ actor, target, offset }: AuditParams, signal?: AbortSignal) {
  return adminRequest<AuditResponse>('/admin/audit', {
    query: { actor, target, limit: AUDIT_PAGE_SIZE, offset },
    signal,
    label: 'admin_fetch_audit',
    fallbackMessage: AUDIT_FAILED_MESSAGE,
  });
}

/** The key of one page; the log reads the page that loaded last by it (use-list-view.ts). */
export function auditKey(params: AuditParams) {
  return [AUDIT_KEY, params] as const;
}

/** A change of filter or page loads again; the page that loaded last stays meanwhile. */
export function useAudit(params: AuditParams) {
  return useQuery({
    queryKey: auditKey(params),
    queryFn: ({ signal }) => getAudit(params, signal),
    placeholderData: keepPreviousData,
  });
}
