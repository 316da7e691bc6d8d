/**
 * POST /api/admin/signups/import: a legacy waitlist as CSV (email,type,source,created_at). A dry
 * run checks every line and writes nothing; the import itself skips known addresses and keeps
 * the original signup dates.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '../../../../../contract/admin-insights.ts';
import { adminRequest } from '../../shared/api/admin-request.ts';
import { markListsStale } from '../../shared/api/list-cache.ts';

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

/** The dry run of a chosen file: what importing it would do, and its text to import. */
export function useCheckImport() {
  return useMutation({
    mutationFn: async (file: Blob) => {
      const csv = await file.text();
      return { csv, preview: await importSignups(csv, { dryRun: true }) };
    },
  });
}

/** The import itself; any list, figure and audit entry may have changed, so all load again. */
export function useImportSignups() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => importSignups(csv, { dryRun: false }),
    onSuccess: () => markListsStale(client),
  });
}
