/**
 * Privacy requests that reach the team by mail (GDPR art. 15 and 17): mail the person a copy of
 * their data, download it, or erase it. Erasing asks first and says exactly what goes; every
 * action is audited by the server.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useId, useState, type FormEvent } from 'react';
import type { ErasedCounts } from '../../../../../contract/privacy.ts';
import {
  INVALID_EMAIL_MESSAGE,
  isValidEmail,
  normaliseEmail,
} from '../../../../../contract/email-rules.ts';
import { trackEvent } from '../../../../lib/analytics/analytics.ts';
import { ERASE_FAILED_MESSAGE, useErasePersonalData } from '../api/erase-personal-data.ts';
import { DOWNLOAD_FAILED_MESSAGE, useGetPersonalData } from '../api/get-personal-data.ts';
import { SEND_COPY_FAILED_MESSAGE, useSendPersonalDataCopy } from '../api/send-personal-data.ts';

type Action = 'copy' | 'download' | 'erase';

interface Outcome {
  ok: boolean;
  text: string;
}

const FALLBACKS: Record<Action, string> = {
  copy: SEND_COPY_FAILED_MESSAGE,
  download: DOWNLOAD_FAILED_MESSAGE,
  erase: ERASE_FAILED_MESSAGE,
};

const primary =
  'rounded-full bg-gold-400 px-4 py-2 text-sm font-semibold text-ink-950 transition hover:bg-gold-300 disabled:cursor-not-allowed disabled:opacity-50';
const secondary =
  'rounded-full border border-ink-600 px-4 py-2 text-sm font-medium text-ink-100 transition hover:border-gold-400 disabled:cursor-not-allowed disabled:opacity-50';
const danger =
  'rounded-full border border-red-400/70 px-4 py-2 text-sm font-semibold text-red-200 transition hover:bg-red-950 disabled:cursor-not-allowed disabled:opacity-50';

function plural(count: number, one: string, many = `${one}s`) {
  return `${count} ${count === 1 ? one : many}`;
}

/** What an erasure removed, as one sentence. */
export function erasedSummary(email: string, removed: ErasedCounts): string {
  const parts = [
    plural(removed.signups, 'signup'),
    plural(removed.whitelist, 'whitelist entry', 'whitelist entries'),
    plural(removed.appRegistrations, 'app registration'),
    plural(removed.unsubscribes, 'unsubscribe record'),
    plural(removed.mails, 'mail'),
  ];
  return (
    `Erased ${email}: ${parts.join(', ')} removed; ` +
    `${plural(removed.auditEntries, 'audit entry', 'audit entries')} now name it by its hash. ` +
    'It will not be mailed again.'
  );
}

/** Offers the browser the data as a file, named after the address. */
function saveJson(email: string, data: unknown) {
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `reelscore-data-${email.replace(/[^a-z0-9.@_-]/gi, '_')}.json`;
  link.click();
  URL.revokeObjectURL(url);
}

export function PrivacyRequests({
  onSessionEnded,
}: {
  onSessionEnded: (error: unknown) => boolean;
}) {
  const [address, setAddress] = useState('');
  const sendCopyTo = useSendPersonalDataCopy();
  const fetchData = useGetPersonalData();
  const eraseData = useErasePersonalData();
  /** The action under way, if any. */
  const busy: Action | null = sendCopyTo.isPending
    ? 'copy'
    : fetchData.isPending
      ? 'download'
      : eraseData.isPending
        ? 'erase'
        : null;
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const ids = { heading: useId(), address: useId(), hint: useId() };

  /** The address to act on, or undefined (and the reason shown) when it is not one. */
  function chosenAddress(): string | undefined {
    const email = normaliseEmail(address);
    if (isValidEmail(email)) return email;
    setOutcome({ ok: false, text: INVALID_EMAIL_MESSAGE });
    return undefined;
  }

  /** Clears the last outcome as an action starts. */
  function started(action: Action) {
    setOutcome(null);
    trackEvent({ action: `privacy_${action}`, category: 'admin' });
  }
  const succeeded = (text: string) => setOutcome({ ok: true, text });
  const failed = (action: Action) => (caught: unknown) => {
    if (onSessionEnded(caught)) return;
    setOutcome({ ok: false, text: caught instanceof Error ? caught.message : FALLBACKS[action] });
    trackEvent({ action: `privacy_${action}_error`, category: 'admin' });
  };

  function sendCopy(event: FormEvent) {
    event.preventDefault();
    const email = chosenAddress();
    if (!email) return;
    started('copy');
    sendCopyTo.mutate(email, {
      onSuccess: (answer) => succeeded(answer.message),
      onError: failed('copy'),
    });
  }

  function download() {
    const email = chosenAddress();
    if (!email) return;
    started('download');
    fetchData.mutate(email, {
      onSuccess: (data) => {
        saveJson(email, data);
        succeeded(`Downloaded the data held about ${email}.`);
      },
      onError: failed('download'),
    });
  }

  function askToErase() {
    const email = chosenAddress();
    if (email) setConfirming(email);
  }

  function erase(email: string) {
    setConfirming(null);
    started('erase');
    eraseData.mutate(email, {
      onSuccess: ({ removed }) => succeeded(erasedSummary(email, removed)),
      onError: failed('erase'),
    });
  }

  return (
    <section
      aria-labelledby={ids.heading}
      className="mt-10 rounded-2xl border border-ink-700 bg-ink-900 p-6"
    >
      <h2 id={ids.heading} className="text-xl font-semibold text-ink-100">
        Privacy requests
      </h2>
      <p id={ids.hint} className="mt-2 max-w-2xl text-sm text-ink-300">
        For a person who asks by mail for a copy of their data or its erasure. The copy is mailed to
        the address itself; the download is for your records of the request. Every action is
        audited.
      </p>
      <form onSubmit={sendCopy} noValidate className="mt-4 flex flex-wrap items-end gap-3">
        <div className="w-full max-w-md">
          <label htmlFor={ids.address} className="block text-sm font-medium text-ink-100">
            Email address
          </label>
          <input
            id={ids.address}
            type="email"
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            placeholder="name@example.com"
            autoComplete="off"
            aria-describedby={ids.hint}
            className="mt-1 w-full rounded-lg border border-ink-600 bg-ink-950 px-3 py-2.5 text-ink-100 placeholder:text-ink-400"
          />
        </div>
        <button type="submit" className={primary} disabled={busy !== null || !address.trim()}>
          {busy === 'copy' ? 'Sending...' : 'Email a copy'}
        </button>
        <button
          type="button"
          className={secondary}
          disabled={busy !== null || !address.trim()}
          onClick={download}
        >
          {busy === 'download' ? 'Downloading...' : 'Download data'}
        </button>
        <button
          type="button"
          className={danger}
          disabled={busy !== null || !address.trim()}
          onClick={askToErase}
        >
          {busy === 'erase' ? 'Erasing...' : 'Erase'}
        </button>
      </form>
      {outcome ? (
        <p
          role={outcome.ok ? 'status' : 'alert'}
          className={`mt-4 rounded-lg border p-3 text-sm break-words ${
            outcome.ok
              ? 'border-emerald-400/60 bg-emerald-950/60 text-emerald-100'
              : 'border-red-500/60 bg-red-950/60 text-red-100'
          }`}
        >
          {outcome.text}
        </p>
      ) : null}
      {confirming ? (
        <EraseDialog
          email={confirming}
          onConfirm={() => erase(confirming)}
          onClose={() => setConfirming(null)}
        />
      ) : null}
    </section>
  );
}

/** Says exactly what an erasure removes and keeps before it happens. */
function EraseDialog({
  email,
  onConfirm,
  onClose,
}: {
  email: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[70] bg-black/70" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-[71] w-[min(92vw,30rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-ink-700 bg-ink-900 p-6 text-ink-100 shadow-2xl">
          <Dialog.Title className="text-xl font-semibold">Erase this address?</Dialog.Title>
          <Dialog.Description asChild>
            <div className="mt-3 text-sm text-ink-300">
              <p>
                This permanently deletes everything held about{' '}
                <strong className="break-all text-ink-100">{email}</strong>:
              </p>
              <ul className="mt-2 list-disc pl-5">
                <li>its waitlist signup and confirmation,</li>
                <li>its whitelist entry and app registration,</li>
                <li>its unsubscribe record,</li>
                <li>every mail to it in the send log, including mail still queued.</li>
              </ul>
              <p className="mt-2">
                In the audit log the address is replaced by a hash. Only that hash is kept, so the
                address is never mailed again; no mail tells the person. This cannot be undone.
              </p>
            </div>
          </Dialog.Description>
          <div className="mt-5 flex flex-col gap-3">
            <button type="button" className={danger} onClick={onConfirm}>
              Erase {email}
            </button>
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
