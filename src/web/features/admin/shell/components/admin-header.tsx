import type { AdminUser } from '../../../../../contract/admin.ts';
import { AdminAvatar } from './admin-avatar.tsx';

export function AdminHeader({ user, onSignOut }: { user: AdminUser; onSignOut: () => void }) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-4 border-b border-ink-700 pb-6">
      <div>
        <h1 className="font-display text-5xl tracking-wide text-ink-100">Admin Dashboard</h1>
        <p className="text-ink-300">Management Portal</p>
      </div>
      <div className="flex items-center gap-3">
        <AdminAvatar photoURL={user.photoURL} name={user.displayName} email={user.email} />
        <div className="text-sm">
          {user.displayName ? <p className="font-medium text-ink-100">{user.displayName}</p> : null}
          <p className="text-ink-300">{user.email}</p>
        </div>
        <button
          type="button"
          onClick={onSignOut}
          className="ml-2 rounded-full border border-ink-600 px-4 py-2 text-sm font-medium text-ink-100 transition hover:border-gold-400 hover:text-gold-300"
        >
          Sign Out
        </button>
      </div>
    </header>
  );
}
