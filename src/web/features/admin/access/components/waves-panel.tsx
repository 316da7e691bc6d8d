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
import { KIND_NAMES, people } from './wave-format.ts';
import { requestOf, WaveForm, type WaveFormState } from './wave-form.tsx';
import { WaveList } from './wave-list.tsx';
import { WavePreview, type SignupsLink } from './wave-preview.tsx';

function errorText(caught: unknown, fallback: string) {
  return caught instanceof Error ? caught.message : fallback;
}

export function WavesPanel({
  onSessionEnded,
  readOnly = false,
  signupsLink,
}: {
  onSessionEnded: (error: unknown) => boolean;
  /** A viewer follows the waves and is offered no change, nor told of one. */
  readOnly?: boolean;
  /** Where the signups a preview with nobody to invite points to are listed. */
  signupsLink: SignupsLink;
}) {
  const client = useQueryClient();
  const waves = useWaves();
  const [form, setForm] = useState<WaveFormState>({
    kind: 'invite',
    count: '100',
    days: '7',
    type: '',
    source: '',
    product: '',
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

  function change(update: Partial<WaveFormState>) {
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
        {readOnly
          ? 'The waves of invitations and reminders sent so far, newest first, each with its mail as it leaves.'
          : 'Invite the next confirmed people who are not on the whitelist yet, oldest signup first, or remind people invited a while ago who have not registered. You see the exact count and the first addresses before anyone is mailed.'}
      </p>
      {readOnly ? null : <WaveForm form={form} busy={busy} onChange={change} onSubmit={submit} />}
      {preview && !readOnly ? (
        <WavePreview
          preview={preview}
          busy={busy}
          onConfirm={confirm}
          onCancel={() => setPreview(null)}
          onRemindInstead={() => change({ kind: 'reminder' })}
          signupsLink={signupsLink}
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
