/**
 * The sign-in popup (docs/decisions/0009-admin-sign-in.md): a 500x600 window runs the OpenID
 * Connect flow on the server, and its last page posts `{source: 'reelscore-auth', ok, error?,
 * account?}` (account: the address it refused) to this window with our exact origin, then closes.
 */
import { SELECT_ACCOUNT } from '../../../../contract/sign-in.ts';
import { apiUrl } from '../../../lib/api.ts';

export type PopupResult =
  | { kind: 'ok' }
  /** `account`: the address the server refused, when it was one. */
  | { kind: 'denied'; error: string; account?: string | undefined }
  | { kind: 'blocked' }
  | { kind: 'closed' };

export const POPUP_WIDTH = 500;
export const POPUP_HEIGHT = 600;
const CLOSED_POLL_MS = 500;
/** The popup posts its result just before it closes; give that message time to arrive. */
const CLOSED_GRACE_MS = 500;

interface AuthMessage {
  source: 'reelscore-auth';
  ok: boolean;
  error?: string;
  account?: unknown;
}

export function isAuthMessage(data: unknown): data is AuthMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { source?: unknown }).source === 'reelscore-auth' &&
    typeof (data as { ok?: unknown }).ok === 'boolean'
  );
}

function popupFeatures(): string {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2));
  return `popup,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`;
}

/**
 * Opens the popup and resolves once it reports back, is closed, or could not open.
 * `anotherAccount`: the identity provider lets the person choose the account, rather than sign
 * in again with the one it knows.
 */
export function openSignInPopup({
  anotherAccount = false,
}: { anotherAccount?: boolean } = {}): Promise<PopupResult> {
  const path = anotherAccount ? `/auth/login?prompt=${SELECT_ACCOUNT}` : '/auth/login';
  const popup = window.open(apiUrl(path), 'reelscore-sign-in', popupFeatures());
  if (!popup) return Promise.resolve({ kind: 'blocked' });
  popup.focus();

  return new Promise((resolve) => {
    let done = false;
    const finish = (result: PopupResult) => {
      if (done) return;
      done = true;
      window.removeEventListener('message', onMessage);
      window.clearInterval(timer);
      resolve(result);
    };
    function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin || !isAuthMessage(event.data)) return;
      const { ok, error, account } = event.data;
      finish(
        ok
          ? { kind: 'ok' }
          : {
              kind: 'denied',
              error: error ?? '',
              ...(typeof account === 'string' && account ? { account } : {}),
            },
      );
    }
    // Closing the window sends no message; watching `closed` is the only way to notice it.
    const timer = window.setInterval(() => {
      if (!popup.closed) return;
      window.clearInterval(timer);
      window.setTimeout(() => finish({ kind: 'closed' }), CLOSED_GRACE_MS);
    }, CLOSED_POLL_MS);
    window.addEventListener('message', onMessage);
  });
}
