import { formatDate } from '../../shared/components/format-date.ts';

/**
 * Whether the person confirmed their address from the confirmation mail (double opt-in):
 * 'Confirmed <date>' or 'Unconfirmed'. 'Pending' is the spec's word for a registration not yet
 * made (the Registration Status column), so it is never used for the confirmation.
 */
export function ConfirmationBadge({ confirmedAt }: { confirmedAt: string | undefined }) {
  if (!confirmedAt) {
    return (
      <span
        data-confirmation="unconfirmed"
        title="The person has not confirmed this address from the confirmation mail"
        className="whitespace-nowrap text-ink-400"
      >
        Unconfirmed
      </span>
    );
  }
  return (
    <span
      data-confirmation="confirmed"
      title={`The person confirmed this address on ${formatDate(confirmedAt)}`}
      className="whitespace-nowrap text-ink-100"
    >
      Confirmed
      {/* Two-line rows keep the date for screen readers and the title. */}
      <span className="text-ink-400 sm:max-xl:sr-only"> {formatDate(confirmedAt)}</span>
    </span>
  );
}
