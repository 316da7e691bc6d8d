/**
 * Invite waves: invite the next N confirmed people (or remind those invited days ago who have
 * not registered), after a preview that states the exact count and the first addresses. Each
 * wave's mail is followed live from the outbox (queued, sent, failed) and failed mail can be
 * sent again. The waves live in the database, so the progress survives any restart.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type {
  Wave,
  WavePreviewRequest,
  WavePreviewResponse,
} from '../../../../../contract/waves.ts';
import { trackEvent } from '../../../../lib/analytics/analytics.ts';
import { AdminApiError } from '../../shared/api/admin-request.ts';
import { useCreateWave, WAVE_FAILED_MESSAGE } from '../api/create-wave.ts';
import { FUNNEL_KEY } from '../api/get-funnel.ts';
import { hasQueuedMail, useWaves, WAVES_FAILED_MESSAGE } from '../api/get-waves.ts';
import { usePreviewWave, WAVE_PREVIEW_FAILED_MESSAGE } from '../api/preview-wave.ts';
import { useRetryWave, WAVE_RETRY_FAILED_MESSAGE } from '../api/retry-wave.ts';
import { formatDate } from '../../shared/components/format-date.ts';

const primary =
  'rounded-full bg-gold-400 px-4 py-2 text-sm font-semibold text-ink-950 transition hover:bg-gold-300 disabled:cursor-not-allowed disabled:opacity-50';
const secondary =
  'rounded-full border border-ink-600 px-4 py-2 text-sm font-medium text-ink-100 transition hover:border-gold-400 disabled:cursor-not-allowed disabled:opacity-50';
const field =
  'mt-1 w-full rounded-lg border border-ink-600 bg-ink-950 px-3 py-2 text-ink-100 placeholder:text-ink-400';

/** The spec's programme types. */
const PROGRAMMES = [
  ['CLOSED_ALPHA', 'Closed alpha'],
  ['BETA', 'Beta'],
  ['OPEN_BETA', 'Open beta'],
] as const;

const KIND_NAMES: Record<Wave['kind'], string> = {
  invite: 'Invite wave',
  reminder: 'Reminder wave',
  bulk: 'Selected rows',
};

function people(count: number) {
  return `${count.toLocaleString()} ${count === 1 ? 'person' : 'people'}`;
}

function errorText(caught: unknown, fallback: string) {
  return caught instanceof Error ? caught.message : fallback;
}

interface FormState {
  kind: 'invite' | 'reminder';
  count: string;
  days: string;
  type: string;
  source: string;
}

/** The request the form describes, or a sentence saying what to fix. */
function requestOf(form: FormState): WavePreviewRequest | string {
  const count = Number(form.count);
  if (!Number.isInteger(count) || count < 1 || count > 50_000) {
    return 'How many must be a whole number from 1 to 50,000.';
  }
  const narrowing = {
    ...(form.type ? { type: form.type } : {}),
    ...(form.source.trim() ? { source: form.source.trim() } : {}),
  };
  if (form.kind === 'invite') return { kind: 'invite', count, ...narrowing };
  const days = Number(form.days);
  if (!Number.isInteger(days) || days < 1 || days > 365) {
    return 'Days must be a whole number from 1 to 365.';
  }
  return { kind: 'reminder', count, days, ...narrowing };
}

export function WavesPanel({
  onSessionEnded,
  readOnly = false,
}: {
  onSessionEnded: (error: unknown) => boolean;
  /** A viewer follows the waves and is offered no change. */
  readOnly?: boolean;
}) {
  const client = useQueryClient();
  const waves = useWaves();
  const [form, setForm] = useState<FormState>({
    kind: 'invite',
    count: '100',
    days: '7',
    type: '',
    source: '',
  });
  const [preview, setPreview] = useState<{
    request: WavePreviewRequest;
    answer: WavePreviewResponse;
  } | null>(null);
  const countWave = usePreviewWave();
  const startWave = useCreateWave();
  const retryWave = useRetryWave();
  const busy = countWave.isPending || startWave.isPending || retryWave.isPending;
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const headingId = useId();

  // When the last queued mail of the waves has left, the funnel counts the invited again.
  const sending = hasQueuedMail(waves.data?.waves);
  const wasSending = useRef(sending);
  useEffect(() => {
    if (wasSending.current && !sending) void client.invalidateQueries({ queryKey: [FUNNEL_KEY] });
    wasSending.current = sending;
  }, [sending, client]);
  // A refused session ends the dashboard; any other failure is shown where the list is.
  useEffect(() => {
    if (waves.error) onSessionEnded(waves.error);
  }, [waves.error, onSessionEnded]);
  const loadError = waves.error ? errorText(waves.error, WAVES_FAILED_MESSAGE) : null;

  function change(update: Partial<FormState>) {
    setForm({ ...form, ...update });
    // A changed form needs a new count before anyone is mailed.
    setPreview(null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const request = requestOf(form);
    if (typeof request === 'string') {
      setError(request);
      return;
    }
    setError(null);
    setNotice(null);
    countWave.mutate(request, {
      onSuccess: (answer) => setPreview({ request, answer }),
      onError: (caught) => {
        if (!onSessionEnded(caught)) setError(errorText(caught, WAVE_PREVIEW_FAILED_MESSAGE));
      },
    });
  }

  function confirm() {
    if (!preview) return;
    const { request } = preview;
    setError(null);
    startWave.mutate(
      { ...request, expectedCount: preview.answer.count },
      {
        onSuccess: ({ wave }) => {
          setPreview(null);
          setNotice(
            `${KIND_NAMES[wave.kind]} started: ${people(wave.memberCount)}, their mail is queued.`,
          );
          trackEvent({ action: 'wave_create', category: 'admin', label: wave.kind });
        },
        onError: (caught) => {
          if (onSessionEnded(caught)) return;
          setError(errorText(caught, WAVE_FAILED_MESSAGE));
          // The selection changed since the preview: show the new count to confirm again.
          if (caught instanceof AdminApiError && caught.status === 409) {
            countWave.mutate(request, {
              onSuccess: (answer) => setPreview({ request, answer }),
              onError: () => setPreview(null),
            });
          }
        },
      },
    );
  }

  function retry(wave: Wave) {
    setError(null);
    retryWave.mutate(wave, {
      onSuccess: (answer) => {
        setNotice(`${people(answer.retried)} queued again.`);
        trackEvent({ action: 'wave_retry', category: 'admin' });
      },
      onError: (caught) => {
        if (!onSessionEnded(caught)) setError(errorText(caught, WAVE_RETRY_FAILED_MESSAGE));
      },
    });
  }

  return (
    <section
      aria-labelledby={headingId}
      className="mt-10 rounded-2xl border border-ink-700 bg-ink-900 p-4 sm:p-6"
    >
      <h2 id={headingId} className="text-xl font-semibold text-ink-100">
        Invite waves
      </h2>
      <p className="mt-2 max-w-2xl text-sm text-ink-300">
        Invite the next confirmed people who are not on the whitelist yet, oldest signup first, or
        remind people invited a while ago who have not registered. You see the exact count and the
        first addresses before anyone is mailed.
      </p>
      {readOnly ? null : <WaveForm form={form} busy={busy} onChange={change} onSubmit={submit} />}
      {preview && !readOnly ? (
        <WavePreview
          preview={preview}
          busy={busy}
          onConfirm={confirm}
          onCancel={() => setPreview(null)}
        />
      ) : null}
      {error ? (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-red-500/60 bg-red-950/60 p-3 text-sm break-words text-red-100"
        >
          {error}
        </p>
      ) : null}
      <p role="status" className="mt-3 min-h-5 text-sm text-gold-300">
        {notice}
      </p>
      <WaveList
        waves={waves.data?.waves}
        isLoading={waves.isLoading}
        loadError={loadError}
        busy={busy}
        onRetry={readOnly ? undefined : retry}
        onReload={() => void waves.refetch()}
      />
    </section>
  );
}

function WaveForm({
  form,
  busy,
  onChange,
  onSubmit,
}: {
  form: FormState;
  busy: boolean;
  onChange: (update: Partial<FormState>) => void;
  onSubmit: (event: FormEvent) => void;
}) {
  const ids = { count: useId(), days: useId(), type: useId(), source: useId() };
  return (
    <form onSubmit={onSubmit} className="mt-4 space-y-4" aria-label="New wave">
      <fieldset className="flex flex-wrap gap-x-5 gap-y-1">
        <legend className="mb-1 text-sm font-medium text-ink-100">Wave</legend>
        {(
          [
            ['invite', 'Invite the next people'],
            ['reminder', 'Remind invited people'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 py-1 text-sm text-ink-100">
            <input
              type="radio"
              name="wave-kind"
              value={value}
              checked={form.kind === value}
              onChange={() => onChange({ kind: value })}
              className="accent-gold-400"
            />
            {label}
          </label>
        ))}
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <label htmlFor={ids.count} className="block text-sm font-medium text-ink-100">
            How many people
          </label>
          <input
            id={ids.count}
            type="number"
            inputMode="numeric"
            min={1}
            max={50_000}
            required
            value={form.count}
            onChange={(event) => onChange({ count: event.target.value })}
            className={field}
          />
        </div>
        {form.kind === 'reminder' ? (
          <div>
            <label htmlFor={ids.days} className="block text-sm font-medium text-ink-100">
              Invited at least this many days ago
            </label>
            <input
              id={ids.days}
              type="number"
              inputMode="numeric"
              min={1}
              max={365}
              required
              value={form.days}
              onChange={(event) => onChange({ days: event.target.value })}
              className={field}
            />
          </div>
        ) : null}
        <div>
          <label htmlFor={ids.type} className="block text-sm font-medium text-ink-100">
            Programme
          </label>
          <select
            id={ids.type}
            value={form.type}
            onChange={(event) => onChange({ type: event.target.value })}
            className={field}
          >
            <option value="">Any programme</option>
            {PROGRAMMES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.source} className="block text-sm font-medium text-ink-100">
            Signup form
          </label>
          <input
            id={ids.source}
            value={form.source}
            onChange={(event) => onChange({ source: event.target.value })}
            placeholder="Any form, e.g. hero-top"
            maxLength={100}
            autoComplete="off"
            className={field}
          />
        </div>
      </div>
      <button type="submit" className={secondary} disabled={busy}>
        Preview wave
      </button>
    </form>
  );
}

function WavePreview({
  preview,
  busy,
  onConfirm,
  onCancel,
}: {
  preview: { request: WavePreviewRequest; answer: WavePreviewResponse };
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { count, sample } = preview.answer;
  const reminder = preview.request.kind === 'reminder';
  const headingId = useId();
  if (count === 0) {
    return (
      <div role="status" className="mt-4 rounded-lg border border-ink-700 bg-ink-950 p-4 text-sm">
        <p className="text-ink-100">
          {reminder
            ? 'Nobody to remind: everyone invited that long ago has registered or was reminded in those days.'
            : 'Nobody to invite: every confirmed person of this selection is on the whitelist.'}
        </p>
      </div>
    );
  }
  const more = count - sample.length;
  return (
    <div
      role="region"
      aria-labelledby={headingId}
      className="mt-4 rounded-lg border border-gold-400/60 bg-ink-950 p-4 text-sm"
    >
      <p id={headingId} role="status" className="font-semibold text-ink-100">
        {reminder
          ? `${people(count)} will get the invitation again.`
          : `${people(count)} will be added to the whitelist and get the invitation.`}
      </p>
      <p className="mt-2 text-ink-300">{reminder ? 'Earliest invited first:' : 'Oldest first:'}</p>
      <ol className="mt-1 space-y-0.5 font-mono text-xs text-ink-100">
        {sample.map((email) => (
          <li key={email} className="truncate" title={email}>
            {email}
          </li>
        ))}
      </ol>
      {more > 0 ? <p className="mt-1 text-ink-300">and {more.toLocaleString()} more.</p> : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="button" className={primary} disabled={busy} onClick={onConfirm}>
          {reminder ? `Remind ${people(count)}` : `Invite ${people(count)}`}
        </button>
        <button type="button" className={secondary} disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

function WaveList({
  waves,
  isLoading,
  loadError,
  busy,
  onRetry,
  onReload,
}: {
  waves: Wave[] | undefined;
  isLoading: boolean;
  loadError: string | null;
  busy: boolean;
  onRetry: ((wave: Wave) => void) | undefined;
  onReload: () => void;
}) {
  if (isLoading) return <p className="mt-4 text-sm text-ink-300">Loading waves...</p>;
  return (
    <>
      {loadError ? (
        <div
          role="alert"
          className="mt-4 flex flex-wrap items-center gap-3 rounded-lg border border-red-500/60 bg-red-950/60 p-3 text-sm text-red-100"
        >
          <span className="break-words">{loadError}</span>
          <button type="button" className={secondary} onClick={onReload}>
            Retry
          </button>
        </div>
      ) : null}
      {waves && waves.length === 0 ? (
        <p className="mt-4 text-sm text-ink-300">No waves yet.</p>
      ) : null}
      {waves && waves.length > 0 ? (
        <ul aria-label="Waves" className="mt-4 divide-y divide-ink-800 border-y border-ink-800">
          {waves.map((wave) => (
            <WaveRow
              key={wave.id}
              wave={wave}
              busy={busy}
              onRetry={onRetry ? () => onRetry(wave) : undefined}
            />
          ))}
        </ul>
      ) : null}
    </>
  );
}

function WaveRow({
  wave,
  busy,
  onRetry,
}: {
  wave: Wave;
  busy: boolean;
  onRetry: (() => void) | undefined;
}) {
  const { queued, sent, failed, suppressed } = wave.progress;
  const total = queued + sent + failed + suppressed;
  const done = total - queued;
  const percent = total === 0 ? 100 : Math.round((done / total) * 100);
  const labelId = useId();
  const narrowing = [
    wave.type ? `programme ${wave.type}` : null,
    wave.source ? `form ${wave.source}` : null,
    wave.days ? `invited ${wave.days}+ days ago` : null,
  ].filter(Boolean);
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p id={labelId} className="text-sm font-medium text-ink-100">
          {KIND_NAMES[wave.kind]} · {people(wave.memberCount)}
          {narrowing.length > 0 ? (
            <span className="font-normal text-ink-300"> · {narrowing.join(', ')}</span>
          ) : null}
        </p>
        <p className="text-xs text-ink-300">
          {formatDate(wave.createdAt)} by <span className="break-all">{wave.createdBy}</span>
        </p>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% done`}
        className="mt-2 flex h-2 overflow-hidden rounded-full bg-ink-800"
      >
        <span className="bg-gold-400" style={{ width: `${(sent / (total || 1)) * 100}%` }} />
        <span className="bg-red-400" style={{ width: `${(failed / (total || 1)) * 100}%` }} />
        <span className="bg-ink-400" style={{ width: `${(suppressed / (total || 1)) * 100}%` }} />
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        {/* Read out as the counts change while the mail leaves. */}
        <p aria-live="polite" aria-atomic="true" className="text-xs text-ink-300">
          <span className="text-ink-100">{sent.toLocaleString()}</span> sent ·{' '}
          <span className="text-ink-100">{queued.toLocaleString()}</span> queued ·{' '}
          <span className={failed > 0 ? 'text-red-200' : 'text-ink-100'}>
            {failed.toLocaleString()}
          </span>{' '}
          failed
          {suppressed > 0 ? ` · ${suppressed.toLocaleString()} not sent (unsubscribed)` : ''}
        </p>
        {failed > 0 && onRetry ? (
          <button
            type="button"
            className={secondary}
            disabled={busy}
            onClick={onRetry}
            aria-label={`Retry ${failed} failed of the ${KIND_NAMES[wave.kind].toLowerCase()} of ${formatDate(wave.createdAt)}`}
          >
            Retry {failed.toLocaleString()} failed
          </button>
        ) : null}
      </div>
    </li>
  );
}
