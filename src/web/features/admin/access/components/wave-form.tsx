/** The form of a new wave: invite the next people, or remind those invited a while ago. */
import { useId, type FormEvent } from 'react';
import type { WavePreviewRequest } from '../../../../../contract/waves.ts';
import { secondary } from './wave-format.ts';

const field =
  'mt-1 w-full rounded-lg border border-ink-600 bg-ink-950 px-3 py-2 text-ink-100 placeholder:text-ink-400';

/** The spec's programme types. */
const PROGRAMMES = [
  ['CLOSED_ALPHA', 'Closed alpha'],
  ['BETA', 'Beta'],
  ['OPEN_BETA', 'Open beta'],
] as const;

export interface WaveFormState {
  kind: 'invite' | 'reminder';
  count: string;
  days: string;
  type: string;
  source: string;
}

/** The request the form describes, or a sentence saying what to fix. */
export function requestOf(form: WaveFormState): WavePreviewRequest | string {
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

export function WaveForm({
  form,
  busy,
  onChange,
  onSubmit,
}: {
  form: WaveFormState;
  busy: boolean;
  onChange: (update: Partial<WaveFormState>) => void;
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
