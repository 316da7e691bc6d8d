/**
 * POST /api/admin/signups/import: a legacy waitlist as CSV (email,type,source,created_at). A dry
 * run checks every line and writes nothing; the import itself skips known addresses and keeps
 * the original signup dates.
 */
import type { ImportResult } from '../../../../../contract/admin-insights.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';

export const IMPORT_FAILED_MESSAGE = 'Failed to import the file';

export function importSignups(csv: string, { dryRun }: { dryRun: boolean }) {
  return adminRequest<ImportResult>('/admin/signups/import', {
    method: 'POST',
    text: { body: csv, contentType: 'text/csv' },
    query: { dryRun: dryRun ? 'true' : undefined },
    label: dryRun ? 'admin_import_preview' : 'admin_import',
    fallbackMessage: IMPORT_FAILED_MESSAGE,
  });
}
