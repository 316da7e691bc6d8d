/**
 * GET /api/admin/signups/export and /api/admin/users/export: the list as CSV with the same
 * filters, search and order as on screen. A plain link downloads it with the session cookie.
 */
import { apiUrl } from '../../../../lib/api.ts';
import { queryString } from '../../shared/api/admin-request.ts';

export function exportUrl(list: 'signups' | 'users', query: Record<string, string | undefined>) {
  return apiUrl(`/admin/${list}/export`) + queryString(query);
}
