/** /admin (spec section 2): the session decides between sign-in and the dashboard. */
import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createAdminQueryClient } from '../../shared/api/query-client.ts';
import { useAdminSession } from '../use-admin-session.ts';
import { AdminHeader } from './admin-header.tsx';
import { AdminWorkspace } from './admin-workspace.tsx';
import { SignInPanel } from './sign-in-panel.tsx';

export function AdminDashboard() {
  const { state, signIn, signOut, endSession } = useAdminSession();
  // The command menu opens from the header's button, or by its keys in the workspace.
  const [menuOpen, setMenuOpen] = useState(false);

  if (state.status === 'loading') {
    return (
      <>
        {/* The page keeps a main heading while the session is checked. */}
        <h1 className="sr-only">Admin Dashboard</h1>
        <p role="status" className="py-20 text-center text-ink-300">
          Checking authentication...
        </p>
      </>
    );
  }
  if (state.status === 'signed-out') {
    return (
      <SignInPanel
        message={state.message}
        refused={state.refused}
        signingIn={state.signingIn}
        onSignIn={() => void signIn({ anotherAccount: state.refused !== undefined })}
      />
    );
  }
  return (
    <div>
      <AdminHeader
        user={state.user}
        onSignOut={() => void signOut()}
        onSearch={() => setMenuOpen(true)}
      />
      {/* Keyed by the admin, so nothing of one admin's view or cache survives into another's. */}
      <AdminQueries key={state.user.uid}>
        <AdminWorkspace
          role={state.user.role}
          onSessionEnded={endSession}
          commandMenu={{ open: menuOpen, onOpenChange: setMenuOpen }}
        />
      </AdminQueries>
    </div>
  );
}

/** One query cache per signed-in admin, dropped at sign-out. */
function AdminQueries({ children }: { children: ReactNode }) {
  const [client] = useState(createAdminQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
