/**
 * A wave's preview: the exact count and the first addresses, with the button that starts it
 * (or the sentence saying there is nobody to reach).
 */
import { useId } from 'react';
import type { WavePreviewRequest, WavePreviewResponse } from '../../../../../contract/waves.ts';
import { people, primary, secondary } from './wave-format.ts';

export function WavePreview({
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
