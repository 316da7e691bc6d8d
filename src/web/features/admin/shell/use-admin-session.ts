/**
 * The admin session (spec section 4): loading, then signed out or a signed-in admin. The server
 * decides (GET /api/auth/session); the dashboard only follows its answers, and any later 401 or
 * 403 from an admin call moves it back here.
 */
import { useCallback, useEffect, useState } from 'react';
import type { AdminUser } from '../../../../contract/admin.ts';
import { trackEvent } from '../../../lib/analytics/analytics.ts';
import {
  ACCESS_DENIED_MESSAGE,
  POPUP_BLOCKED_MESSAGE,
  POPUP_CLOSED_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
  SIGN_IN_FAILED_MESSAGE,
} from '../shared/admin-messages.ts';
import { AdminApiError } from '../shared/api/admin-request.ts';
import { getSession } from './api/get-session.ts';
import { signOut as postLogout } from './api/sign-out.ts';
import { openSignInPopup } from './sign-in-popup.ts';

export type SessionState =
  | { status: 'loading' }
  /** `refused`: the account that was turned away, named so another can be chosen. */
  | { status: 'signed-out'; message?: string; refused?: string; signingIn?: boolean }
  | { status: 'admin'; user: AdminUser };

function stateFromError(error: unknown): SessionState {
  if (error instanceof AdminApiError && error.status === 403) {
    return { status: 'signed-out', message: ACCESS_DENIED_MESSAGE };
  }
  if (error instanceof AdminApiError && error.status === 401) return { status: 'signed-out' };
  return {
    status: 'signed-out',
    message: error instanceof Error ? error.message : SIGN_IN_FAILED_MESSAGE,
  };
}

export function useAdminSession() {
  const [state, setState] = useState<SessionState>({ status: 'loading' });

  const refresh = useCallback(async (): Promise<SessionState> => {
    let next: SessionState;
    try {
      next = { status: 'admin', user: await getSession() };
    } catch (error) {
      next = stateFromError(error);
    }
    setState(next);
    return next;
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  /** `anotherAccount`: after a refused account, the person chooses one at the provider. */
  const signIn = useCallback(
    async ({ anotherAccount = false } = {}) => {
      setState({ status: 'signed-out', signingIn: true });
      trackEvent({ action: 'admin_sign_in', category: 'admin', label: 'popup' });
      const result = await openSignInPopup({ anotherAccount });
      if (result.kind === 'blocked') {
        setState({ status: 'signed-out', message: POPUP_BLOCKED_MESSAGE });
      } else if (result.kind === 'denied') {
        setState({
          status: 'signed-out',
          message: result.error || ACCESS_DENIED_MESSAGE,
          ...(result.account ? { refused: result.account } : {}),
        });
      } else {
        // A closed window may still have finished (some providers cut the opener link): ask.
        const next = await refresh();
        if (result.kind === 'closed' && next.status === 'signed-out' && !next.message) {
          setState({ status: 'signed-out', message: POPUP_CLOSED_MESSAGE });
        }
      }
    },
    [refresh],
  );

  const signOut = useCallback(async () => {
    try {
      await postLogout();
    } catch {
      // The server may already have ended the session; either way nobody is signed in here.
    }
    trackEvent({ action: 'admin_sign_out', category: 'admin' });
    setState({ status: 'signed-out' });
  }, []);

  /**
   * An admin call answered 401 or 403: the session ended, or the account lost its rights (and
   * is named, as a refused sign-in is).
   */
  const endSession = useCallback((status: 401 | 403) => {
    setState((current) => {
      if (status === 401) return { status: 'signed-out', message: SESSION_EXPIRED_MESSAGE };
      // Several calls may be refused at once: the first names the account, the rest keep it.
      const account =
        current.status === 'admin'
          ? current.user.email
          : current.status === 'signed-out'
            ? current.refused
            : undefined;
      return {
        status: 'signed-out',
        message: ACCESS_DENIED_MESSAGE,
        ...(account ? { refused: account } : {}),
      };
    });
  }, []);

  return { state, signIn, signOut, endSession };
}
