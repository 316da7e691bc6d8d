/**
 * The mail queue below the Email Testing tab: how many messages are in each state of the outbox,
 * and the newest dead ones (the mail server refused them, or every round failed), each with its
 * failure and a Retry button, plus Retry all.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type Ref } from 'react';
import type { OutboxMail, OutboxResponse, OutboxStatus } from '../../../../../contract/outbox.ts';
import { useLoadState } from '../../shared/api/use-load-state.ts';
import { OUTBOX_KEY, useOutbox } from '../api/get-outbox.ts';
import { RETRY_FAILED_MESSAGE, useRetryOutboxMail } from '../api/retry-outbox-mail.ts';

/** How often the counts refresh while the tab is open (and the browser tab visible). */
export const REFRESH_MS = 10_000;
const ALL = 'all';

const STATES: { status: OutboxStatus; label: string }[] = [
  { status: 'queued', label: 'Queued' },
  { status: 'sending', label: 'Sending' },
  { status: 'sent', label: 'Sent' },
  { status: 'dead', label: 'Dead' },
  { status: 'suppressed', label: 'Suppressed' },
];

export interface RetryResult {
  ok: boolean;
  text: string;
}

export function retriedText(retried: number): string {
  if (retried === 0) return 'Nothing was retried: that mail is no longer dead.';
  return retried === 1
    ? '1 message is back in the queue and will be sent shortly.'
    : `${retried} messages are back in the queue and will be sent shortly.`;
}

/** The queue as it is once `ids` (or every dead message) went back in it, until the reload. */
export function withRetried(
  data: OutboxResponse,
  ids: string[] | typeof ALL,
  retried: number,
): OutboxResponse {
  const messages = ids === ALL ? [] : data.messages.filter((message) => !ids.includes(message.id));
  const dead = Math.max(0, data.counts.dead - retried);
  return {
    ...data,
    counts: { ...data.counts, dead, queued: data.counts.queued + retried },
    messages,
    pagination: { ...data.pagination, total: dead },
  };
}

/** The message after `id` in the list (or before it, when it is the last), if any. */
export function nextMessageId(data: OutboxResponse | undefined, id: string | undefined) {
  const messages = data?.messages ?? [];
  const index = messages.findIndex((message) => message.id === id);
  if (index < 0) return null;
  return (messages[index + 1] ?? messages[index - 1])?.id ?? null;
}

function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function MailQueue({
  onSessionEnded,
  readOnly = false,
  className = '',
}: {
  onSessionEnded: (error: unknown) => boolean;
  /** A viewer follows the queue and is offered no Retry. */
  readOnly?: boolean;
  className?: string;
}) {
  const client = useQueryClient();
  const outbox = useOutbox();
  const outboxLoad = useLoadState(outbox, onSessionEnded);
  const { refetch } = outbox;
  const retryMail = useRetryOutboxMail();
  /** The button whose retry is under way: a message's id, or every dead message. */
  const busy = !retryMail.isPending
    ? null
    : retryMail.variables?.allDead
      ? ALL
      : (retryMail.variables?.ids?.[0] ?? null);
  const [result, setResult] = useState<RetryResult | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  /** Where focus goes once a retried message has left the list: the next Retry, or the heading. */
  const focusAfterRetry = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    const next = focusAfterRetry.current;
    if (next === undefined) return;
    focusAfterRetry.current = undefined;
    const button = next
      ? heading.current
          ?.closest('section')
          ?.querySelector<HTMLElement>(`[data-retry="${CSS.escape(next)}"]`)
      : null;
    (button ?? heading.current)?.focus();
  });

  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void refetch();
    }, REFRESH_MS);
    return () => clearInterval(timer);
  }, [refetch]);

  function retry(ids: string[] | typeof ALL) {
    if (busy) return;
    setResult(null);
    retryMail.mutate(ids === ALL ? { allDead: true } : { ids }, {
      onSuccess: ({ retried }) => {
        // The pressed button leaves the list: keep the keyboard where the admin was working.
        focusAfterRetry.current = ids === ALL ? null : nextMessageId(outbox.data, ids[0]);
        client.setQueryData<OutboxResponse>(
          [OUTBOX_KEY],
          (data) => data && withRetried(data, ids, retried),
        );
        setResult({ ok: true, text: retriedText(retried) });
      },
      onError: (caught) => {
        if (onSessionEnded(caught)) return;
        setResult({
          ok: false,
          text: caught instanceof Error && caught.message ? caught.message : RETRY_FAILED_MESSAGE,
        });
      },
    });
  }

  return (
    <MailQueueView
      data={outbox.data}
      failed={Boolean(outboxLoad.error)}
      busy={busy}
      result={result}
      onRetry={(mail) => retry([mail.id])}
      onRetryAll={() => retry(ALL)}
      readOnly={readOnly}
      headingRef={heading}
      className={className}
    />
  );
}

export interface MailQueueViewProps {
  data: OutboxResponse | undefined;
  failed: boolean;
  /** The id being retried, `all`, or null. */
  busy: string | null;
  result: RetryResult | null;
  onRetry: (mail: OutboxMail) => void;
  onRetryAll: () => void;
  /** No Retry buttons: a viewer cannot send mail again. */
  readOnly?: boolean;
  headingRef?: Ref<HTMLHeadingElement>;
  className?: string;
}

export function MailQueueView({
  data,
  failed,
  busy,
  result,
  onRetry,
  onRetryAll,
  readOnly = false,
  headingRef,
  className = '',
}: MailQueueViewProps) {
  return (
    <section
      aria-labelledby="mail-queue-heading"
      className={`rounded-2xl border border-ink-700 bg-ink-900 p-4 sm:p-6 ${className}`}
    >
      <h2
        id="mail-queue-heading"
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-semibold text-ink-100"
      >
        Mail queue
      </h2>
      <p className="mt-1 text-sm text-ink-300">
        Every mail the service sends waits here until the mail server takes it. Refreshed every 10
        seconds.
      </p>
      {data ? (
        <QueueContents
          data={data}
          busy={busy}
          onRetry={onRetry}
          onRetryAll={onRetryAll}
          readOnly={readOnly}
        />
      ) : failed ? (
        <p role="alert" className="mt-4 text-sm text-red-200">
          Failed to load the mail queue
        </p>
      ) : (
        <p className="mt-4 text-sm text-ink-300">Loading the mail queue...</p>
      )}
      {/* Always in the page, so screen readers announce the result when it changes. */}
      <p
        role="status"
        className={`mt-4 text-sm empty:mt-0 ${result?.ok === false ? 'text-red-200' : 'text-emerald-200'}`}
      >
        {result?.text}
      </p>
    </section>
  );
}

function QueueContents({
  data,
  busy,
  onRetry,
  onRetryAll,
  readOnly,
}: Pick<MailQueueViewProps, 'busy' | 'onRetry' | 'onRetryAll' | 'readOnly'> & {
  data: OutboxResponse;
}) {
  const dead = data.counts.dead;
  return (
    <>
      <dl className="mt-4 flex flex-wrap gap-2" aria-label="Messages in each state">
        {STATES.map(({ status, label }) => (
          <div
            key={status}
            data-status={status}
            className={`flex items-baseline gap-1.5 rounded-full border px-3 py-1 text-xs ${
              status === 'dead' && dead > 0
                ? 'border-red-400/70 bg-red-950/60 text-red-100'
                : 'border-ink-600 bg-ink-800 text-ink-300'
            }`}
          >
            <dt>{label}</dt>
            <dd className="font-semibold text-ink-100 tabular-nums">{data.counts[status]}</dd>
          </div>
        ))}
      </dl>
      {dead > 0 ? (
        <DeadMailList
          data={data}
          busy={busy}
          onRetry={onRetry}
          onRetryAll={onRetryAll}
          readOnly={readOnly}
        />
      ) : null}
    </>
  );
}

const retryButtonClass =
  'shrink-0 rounded-full border border-gold-400/70 px-3 py-1 text-xs font-semibold text-gold-300 transition hover:bg-gold-400/10 aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

function DeadMailList({
  data,
  busy,
  onRetry,
  onRetryAll,
  readOnly,
}: Pick<MailQueueViewProps, 'busy' | 'onRetry' | 'onRetryAll' | 'readOnly'> & {
  data: OutboxResponse;
}) {
  const dead = data.counts.dead;
  const shown = data.messages.length;
  return (
    <div className="mt-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="dead-mail-heading" className="font-semibold text-ink-100">
          Dead mail
          {shown < dead ? (
            <span className="ml-2 text-sm font-normal text-ink-300">
              ({shown} newest of {dead})
            </span>
          ) : null}
        </h3>
        {readOnly ? null : (
          <button
            type="button"
            aria-disabled={busy !== null}
            onClick={() => busy === null && onRetryAll()}
            className="rounded-full bg-gold-400 px-4 py-1.5 text-sm font-semibold text-ink-950 transition hover:bg-gold-300 aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
          >
            {busy === ALL ? 'Retrying...' : 'Retry all'}
            <span className="sr-only">
              {' '}
              {dead} dead {dead === 1 ? 'message' : 'messages'}
            </span>
          </button>
        )}
      </div>
      <ul aria-labelledby="dead-mail-heading" className="mt-3 flex flex-col gap-2 text-sm">
        {data.messages.map((mail) => (
          <li
            key={mail.id}
            className="flex flex-col gap-3 rounded-lg border border-ink-700 p-3 sm:flex-row sm:items-start sm:justify-between"
          >
            <div className="min-w-0">
              <p className="font-medium break-all text-ink-100">{mail.to}</p>
              <p className="text-ink-300">
                {mail.templateName} ·{' '}
                <time dateTime={mail.finishedAt ?? mail.createdAt}>
                  {formatWhen(mail.finishedAt ?? mail.createdAt)}
                </time>
              </p>
              <p className="mt-1 break-words text-red-200">
                {mail.failureMessage ?? 'The mail could not be sent.'}
              </p>
              {mail.lastError && mail.lastError !== mail.failureMessage ? (
                <details className="mt-1 text-ink-300">
                  <summary className="cursor-pointer text-xs">Technical detail</summary>
                  <p className="mt-1 font-mono text-xs break-words">{mail.lastError}</p>
                </details>
              ) : null}
            </div>
            {readOnly ? null : (
              <button
                type="button"
                data-retry={mail.id}
                aria-disabled={busy !== null}
                onClick={() => busy === null && onRetry(mail)}
                className={`self-start ${retryButtonClass}`}
              >
                {busy === mail.id ? 'Retrying...' : 'Retry'}
                <span className="sr-only"> the mail to {mail.to}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
