/** The newest waves, each with its mail's progress and, for failed mail, Retry. */
import { useId } from 'react';
import type { Wave } from '../../../../../contract/waves.ts';
import { formatDate } from '../../shared/components/format-date.ts';
import { KIND_NAMES, people, secondary } from './wave-format.ts';

export function WaveList({
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
  /** Absent for a viewer, who starts no wave either. */
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
        <p className="mt-4 text-sm text-ink-300">
          No waves yet.
          {onRetry ? ' A wave started above shows here, with its mail as it leaves.' : ''}
        </p>
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
