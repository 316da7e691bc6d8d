/**
 * The command menu's one confirm before mail goes out: the address, named, and the add dialog's
 * own button. The send lets the person in on the server with the invitation (as the add
 * dialog's send does), so success is the whole change; a failure stays here, naming the
 * address, and the same button tries again.
 */
import { useEffect, useRef, useState } from 'react';
import { trackEvent } from '../../../../lib/analytics/analytics.ts';
import {
  EARLY_ACCESS_FAILED_MESSAGE,
  useSendEarlyAccessEmail,
  whitelistedDespiteFailure,
} from '../../access/api/send-early-access-email.ts';
import { AddressText } from '../../shared/components/address-text.tsx';
import { primaryButton, secondaryButton } from '../../shared/components/panel-styles.ts';

export function InviteConfirm({
  email,
  onInvited,
  onWhitelisted,
  onBack,
  onSessionEnded,
}: {
  email: string;
  /** The invitation is queued and the address is on the whitelist. */
  onInvited: (email: string) => void;
  /** The mail failed after the server had let the address in. */
  onWhitelisted: (email: string) => void;
  onBack: () => void;
  onSessionEnded: (error: unknown) => boolean;
}) {
  const sendEmail = useSendEarlyAccessEmail();
  const sending = sendEmail.isPending;
  const [error, setError] = useState<string | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => confirmButton.current?.focus(), []);

  function send() {
    if (sending) return;
    setError(null);
    trackEvent({ action: 'early_access_email_send', category: 'admin', label: 'command_menu' });
    sendEmail.mutate(email, {
      onSuccess: () => {
        trackEvent({ action: 'early_access_email_success', category: 'admin' });
        onInvited(email);
      },
      onError: (caught) => {
        if (onSessionEnded(caught)) return;
        setError(caught instanceof Error ? caught.message : EARLY_ACCESS_FAILED_MESSAGE);
        trackEvent({ action: 'early_access_email_error', category: 'admin' });
        if (whitelistedDespiteFailure(caught)) onWhitelisted(email);
      },
    });
  }

  return (
    <section aria-labelledby="invite-confirm-heading" className="p-4 sm:p-5">
      <h3 id="invite-confirm-heading" className="text-base font-semibold text-ink-100">
        Whitelist and send the invitation
      </h3>
      <p className="mt-2 text-sm text-ink-300">
        <span className="font-medium text-ink-100 [&>span:first-child]:inline [&>span:first-child]:whitespace-normal [&>span:first-child]:[overflow-wrap:anywhere]">
          <AddressText email={email} />
        </span>{' '}
        gets the early access email now and is on the whitelist with it.
      </p>
      {error ? (
        <p
          role="alert"
          className="mt-3 rounded-md border border-red-500/60 bg-red-950/60 p-3 text-sm break-words text-red-100"
        >
          {email}: {error}
        </p>
      ) : null}
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        {/* It keeps the focus while it waits, so after a failure Enter tries again. */}
        <button
          ref={confirmButton}
          type="button"
          className={`${primaryButton} aria-disabled:cursor-wait aria-disabled:opacity-70`}
          aria-disabled={sending}
          onClick={send}
        >
          {sending ? 'Sending Email...' : 'Send Early Access Email & Add to Whitelist'}
        </button>
        <button type="button" className={secondaryButton} disabled={sending} onClick={onBack}>
          Back
        </button>
      </div>
    </section>
  );
}
