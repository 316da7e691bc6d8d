/** GET /api/admin/audit: who did what to which address and when, newest first. */
import type { AuditResponse } from '../../../../../contract/admin-insights.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';
import { AUDIT_KEY } from '../../shared/api/list-keys.ts';
import { useQuery } from '../../shared/api/use-query.ts';

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

export function useAudit(params: AuditParams | null, onError?: (error: unknown) => void) {
  return useQuery(
    params ? [AUDIT_KEY, params] : null,
    (signal) => getAudit(params!, signal),
    onError,
  );
}
