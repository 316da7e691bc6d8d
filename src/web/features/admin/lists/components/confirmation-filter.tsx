import type { ConfirmationFilter as Filter } from '../../../../../contract/admin.ts';

/** The filter's choice: a confirmation state, or every row. */
export type ConfirmationChoice = Filter | 'all';

const CHOICES: { value: ConfirmationChoice; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'pending', label: 'Unconfirmed' },
];

/**
 * All / Confirmed / Unconfirmed above a list, as one compact segmented control of toggle buttons
 * (the pressed one is the filter), each with the site's own focus ring. The API's value for
 * "not confirmed" is `pending`; on screen it is 'Unconfirmed', as 'Pending' is the spec's word
 * for a registration not yet made.
 */
export function ConfirmationFilter({
  label,
  value,
  onChange,
}: {
  /** The group's accessible name, e.g. 'Signups by confirmation'. */
  label: string;
  value: ConfirmationChoice;
  onChange: (value: ConfirmationChoice) => void;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex h-8 items-center rounded-md border border-ink-600 bg-ink-900 p-0.5 text-xs"
    >
      {CHOICES.map((choice) => (
        <button
          key={choice.value}
          type="button"
          aria-pressed={value === choice.value}
          onClick={() => onChange(choice.value)}
          className="h-full rounded px-2 font-medium text-ink-400 transition hover:text-ink-100 aria-pressed:bg-ink-700 aria-pressed:text-ink-100"
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}
