/**
 * The add dialog (spec sections 2 and 4): optionally send the early-access invitation first,
 * then confirm the addition. The server whitelists the address in the same transaction as it
 * queues the invitation, so after a send the address is in whatever the admin does next:
 * 'Complete', Cancel and closing all just close, with no second whitelist call. Each opening
 * starts fresh, because the parent mounts this only while an address is chosen. Radix traps
 * focus inside; the parent says where it goes back to (the Add button, or once the address is
 * in, the notice that says so: never the row's new Remove button).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { trackEvent } from '../../../../lib/analytics/analytics.ts';
import { AdminApiError } from '../../shared/api/admin-request.ts';
import {
  EARLY_ACCESS_FAILED_MESSAGE,
  useSendEarlyAccessEmail,
  whitelistedDespiteFailure,
} from '../api/send-early-access-email.ts';

export function AddToWhitelistDialog({
  email,
  onConfirm,
  onInvited,
  onComplete,
  onClose,
  onSessionEnded,
  onReturnFocus,
}: {
  email: string;
  onReturnFocus: (email: string) => void;
  /** Skip: the addition alone, which the parent makes. */
  onConfirm: (email: string) => void;
  /** The server put the address on the whitelist with the invitation. */
  onInvited: (email: string) => void;
  /** Closed after a send: the address is already in, invited unless the mail server refused. */
  onComplete: (email: string, outcome: { mailed: boolean }) => void;
  onClose: () => void;
  onSessionEnded: (error: AdminApiError) => boolean;
}) {
  const sendEmail = useSendEarlyAccessEmail();
  const sent = sendEmail.isSuccess;
  const sending = sendEmail.isPending;
  const [error, setError] = useState<string | null>(null);
  /** The mail server refused the invitation after the server let the address in. */
  const [inWithoutMail, setInWithoutMail] = useState(false);

  function send() {
    setError(null);
    trackEvent({ action: 'early_access_email_send', category: 'admin' });
    sendEmail.mutate(email, {
      onSuccess: () => {
        trackEvent({ action: 'early_access_email_success', category: 'admin' });
        onInvited(email);
      },
      onError: (caught) => {
        if (caught instanceof AdminApiError && onSessionEnded(caught)) return;
        setError(caught instanceof Error ? caught.message : EARLY_ACCESS_FAILED_MESSAGE);
        trackEvent({ action: 'early_access_email_error', category: 'admin' });
        // The mail server failed after the address was let in: the row says so.
        if (whitelistedDespiteFailure(caught)) {
          setInWithoutMail(true);
          onInvited(email);
        }
      },
    });
  }

  /** After a send every way out only closes: the invitation already let the address in. */
  function close() {
    if (sent || inWithoutMail) onComplete(email, { mailed: sent });
    else onClose();
  }

  function skip() {
    trackEvent({ action: 'early_access_email_skip', category: 'admin' });
    onConfirm(email);
  }

  const primary =
    'w-full rounded-full bg-gold-400 px-5 py-2.5 font-semibold text-ink-950 transition hover:bg-gold-300 disabled:cursor-wait disabled:opacity-70';
  const secondary =
    'w-full rounded-full border border-ink-600 px-5 py-2.5 font-medium text-ink-100 transition hover:border-gold-400 disabled:opacity-50';

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : close())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-black/70" />
        <Dialog.Content
          // There is no Dialog.Trigger: focus goes back to the row that opened the dialog.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onReturnFocus(email);
          }}
          className="fixed top-1/2 left-1/2 z-[71] w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-ink-700 bg-ink-900 p-6 text-ink-100 shadow-2xl"
        >
          <Dialog.Title className="text-xl font-semibold">Add to Whitelist</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-ink-300">
            You are about to add <strong className="break-all text-ink-100">{email}</strong> to the
            whitelist.
          </Dialog.Description>
          <p className="mt-4 font-medium">Send Early Access Email?</p>
          {sent ? (
            <p
              role="status"
              className="mt-3 rounded-md border border-emerald-400/60 bg-emerald-950/60 p-3 text-sm text-emerald-100"
            >
              Early access email sent successfully!
            </p>
          ) : null}
          {error ? (
            <p
              role="alert"
              className="mt-3 rounded-md border border-red-500/60 bg-red-950/60 p-3 text-sm text-red-100"
            >
              {error}
            </p>
          ) : null}
          <div className="mt-5 flex flex-col gap-3">
            {sent ? (
              <button type="button" className={primary} onClick={close}>
                Complete - Add to Whitelist
              </button>
            ) : (
              <button type="button" className={primary} disabled={sending} onClick={send}>
                {sending ? 'Sending Email...' : 'Send Early Access Email & Add to Whitelist'}
              </button>
            )}
            {sent ? null : (
              <button type="button" className={secondary} disabled={sending} onClick={skip}>
                Skip Email & Add to Whitelist Only
              </button>
            )}
            <Dialog.Close asChild>
              <button type="button" className={secondary}>
                Cancel
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
