import { formatDate } from '../../shared/components/format-date.ts';

/**
 * Whether the person confirmed their address from the confirmation mail (double opt-in):
 * 'Confirmed <date>' or 'Pending'. Short enough to sit beside the whitelist badge at 360 px.
 */
export function ConfirmationBadge({ confirmedAt }: { confirmedAt: string | undefined }) {
  return (
    <span
      data-confirmation={confirmedAt ? 'confirmed' : 'pending'}
      title={
        confirmedAt
          ? `The person confirmed this address on ${formatDate(confirmedAt)}`
          : 'Confirmation pending'
      }
      className={`inline-block rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${
        confirmedAt
          ? 'border-violet-400/60 bg-violet-400/15 text-violet-200'
          : 'border-dashed border-ink-400/70 bg-ink-900 text-ink-300'
      }`}
    >
      {confirmedAt ? (
        <>
          Confirmed
          {/* Tables between 640 and 1024 px keep the date for screen readers and the title. */}
          <span className="sm:max-lg:sr-only"> {formatDate(confirmedAt)}</span>
        </>
      ) : (
        <>
          <span className="sr-only">Confirmation </span>Pending
        </>
      )}
    </span>
  );
}
