import type { AdminUser } from '../../../../../contract/admin.ts';
import { AdminAvatar } from './admin-avatar.tsx';
import { CommandMenuButton } from './command-menu-button.tsx';

export function AdminHeader({
  user,
  onSignOut,
  onSearch,
}: {
  user: AdminUser;
  onSignOut: () => void;
  /** Opens the command menu: its button sits beside the account, on a phone under it. */
  onSearch: () => void;
}) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h1 className="font-display text-3xl tracking-wide text-ink-100">Admin Dashboard</h1>
        <p className="text-sm text-ink-300">Management Portal</p>
        {/* Said once for the whole dashboard; no row or panel repeats it. */}
        {user.role === 'viewer' ? (
          <p
            className="self-center rounded-full border border-ink-600 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-ink-200"
            title="You can see everything here; changes are for admins."
          >
            View only
          </p>
        ) : null}
      </div>
      <div className="flex items-center gap-3">
        <CommandMenuButton onOpen={onSearch} className="mr-2 max-sm:hidden" />
        <AdminAvatar photoURL={user.photoURL} name={user.displayName} email={user.email} />
        <div className="text-sm">
          {user.displayName ? <p className="font-medium text-ink-100">{user.displayName}</p> : null}
          <p className="text-ink-300">{user.email}</p>
        </div>
        <button
          type="button"
          onClick={onSignOut}
          className="ml-2 rounded-full border border-ink-600 px-3 py-1.5 text-sm font-medium text-ink-100 transition hover:border-gold-400 hover:text-gold-300"
        >
          Sign Out
        </button>
      </div>
      <CommandMenuButton onOpen={onSearch} wide className="sm:hidden" />
    </header>
  );
}
