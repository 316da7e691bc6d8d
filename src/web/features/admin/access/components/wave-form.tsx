/** The form of a new wave: invite the next people, or remind those invited a while ago. */
import { useId, type FormEvent, type ReactNode } from 'react';
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
  /** An invite wave's product; '' for anyone waiting, whatever they want. */
  product: string;
}

/** Products a person can want first (contract/place.ts); not imported: that module is shared. */
const PRODUCTS = [
  ['ios', 'iOS app'],
  ['android', 'Android app'],
  ['chrome', 'Chrome extension'],
  ['firefox', 'Firefox extension'],
] as const;
export type WaveProduct = (typeof PRODUCTS)[number][0];

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
  if (form.kind === 'invite') {
    const product = PRODUCTS.find(([value]) => value === form.product)?.[0];
    return { kind: 'invite', count, ...narrowing, ...(product ? { product } : {}) };
  }
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
        <WholeNumberField
          label="How many people"
          max={50_000}
          value={form.count}
          onChange={(count) => onChange({ count })}
        />
        {form.kind === 'reminder' ? (
          <WholeNumberField
            label="Invited at least this many days ago"
            max={365}
            value={form.days}
            onChange={(days) => onChange({ days })}
          />
        ) : (
          <WaveField label="Wants first">
            {(id) => (
              <select
                id={id}
                value={form.product}
                onChange={(event) => onChange({ product: event.target.value })}
                className={field}
              >
                <option value="">Any product, in line order</option>
                {PRODUCTS.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </WaveField>
        )}
        <WaveField label="Programme">
          {(id) => (
            <select
              id={id}
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
          )}
        </WaveField>
        <WaveField label="Signup form">
          {(id) => (
            <input
              id={id}
              value={form.source}
              onChange={(event) => onChange({ source: event.target.value })}
              placeholder="Any form, e.g. hero-top"
              maxLength={100}
              autoComplete="off"
              className={field}
            />
          )}
        </WaveField>
      </div>
      <button type="submit" className={secondary} disabled={busy}>
        Preview wave
      </button>
    </form>
  );
}

/** A field of the form: its label, and the control `children` draws with the id it labels. */
function WaveField({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-ink-100">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** A required whole number from 1 to `max`. */
function WholeNumberField({
  label,
  max,
  value,
  onChange,
}: {
  label: string;
  max: number;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <WaveField label={label}>
      {(id) => (
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          required
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className={field}
        />
      )}
    </WaveField>
  );
}
