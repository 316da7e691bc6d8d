/**
 * /admin: rendered in the browser only (route-table.ts `clientOnly`), never prerendered, and
 * loaded as its own chunk, so public pages never download dashboard code.
 */
import { AdminDashboard } from '../features/admin/shell/components/admin-dashboard.tsx';
import { applyStyleNonce } from '../features/admin/shell/csp-nonce.ts';
import { routeMeta } from '../lib/route-meta.ts';

applyStyleNonce();

export const meta = routeMeta;

export default function AdminPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 pt-15 pb-20 sm:px-6">
      <AdminDashboard />
    </div>
  );
}
