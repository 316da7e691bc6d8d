/**
 * A wave's preview: the exact count and the first addresses, with the button that starts it.
 * With nobody to reach it says why, from what is true of the selection (nobody confirmed yet,
 * everyone confirmed already in, or addresses a wave does not mail), and what to do next.
 */
import { useId } from 'react';
import { Link } from 'react-router';
import type { WavePreviewRequest, WavePreviewResponse } from '../../../../../contract/waves.ts';
import { useWavePool, type WaveSelection } from '../api/get-wave-pool.ts';
import { people, primary, secondary } from './wave-format.ts';

/** Where a list of signups with these filters is (the shell knows the dashboard's addresses). */
export type SignupsLink = (filters: Record<string, string>) => string;

export function WavePreview({
  preview,
  busy,
  onConfirm,
  onCancel,
  onRemindInstead,
  signupsLink,
}: {
  preview: { request: WavePreviewRequest; answer: WavePreviewResponse };
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Switches the form to a reminder of those invited. */
  onRemindInstead: () => void;
  signupsLink: SignupsLink;
}) {
  const { count, sample } = preview.answer;
  const { request } = preview;
  const reminder = request.kind === 'reminder';
  const headingId = useId();
  if (count === 0) {
    return (
      <div role="status" className="mt-4 rounded-lg border border-ink-700 bg-ink-950 p-4 text-sm">
        {request.kind === 'reminder' ? (
          <p className="text-ink-100">
            Nobody to remind: nobody invited at least {request.days.toLocaleString()}{' '}
            {request.days === 1 ? 'day' : 'days'} ago is still waiting to register without a
            reminder since.
          </p>
        ) : (
          <NobodyToInvite
            selection={{ type: request.type, source: request.source }}
            onRemindInstead={onRemindInstead}
            signupsLink={signupsLink}
          />
        )}
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
      <p className="mt-2 text-ink-300">
        {reminder ? 'Earliest invited first:' : 'First in line first:'}
      </p>
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

const nextLink =
  'font-semibold text-gold-300 underline decoration-gold-300/40 underline-offset-2 hover:decoration-gold-300';

/** "Of programme Beta, form hero-top", or nothing for every signup. */
function ofSelection({ type, source }: WaveSelection): string {
  const parts = [type ? `programme ${type}` : null, source ? `form ${source}` : null].filter(
    Boolean,
  );
  return parts.length > 0 ? ` of ${parts.join(', ')}` : '';
}

/** The filters of the selection as the lists read them. */
function listFilters({ type, source }: WaveSelection): Record<string, string> {
  return { ...(type ? { type } : {}), ...(source ? { source } : {}) };
}

/** An invite wave found nobody: why, counted, and the next step. */
function NobodyToInvite({
  selection,
  onRemindInstead,
  signupsLink,
}: {
  selection: WaveSelection;
  onRemindInstead: () => void;
  signupsLink: SignupsLink;
}) {
  const pool = useWavePool(selection);
  const of = ofSelection(selection);
  if (!pool.data) {
    // Counting, or the count failed: a sentence true in every case.
    return (
      <p className="text-ink-100">
        Nobody to invite: no confirmed person{of} is waiting for an invitation.
        {pool.isPending ? <span className="text-ink-300"> Counting why...</span> : null}
      </p>
    );
  }
  const { confirmed, notListed } = pool.data;
  if (confirmed === 0) {
    return (
      <>
        <p className="font-semibold text-ink-100">
          Nobody to invite yet: nobody{of} has confirmed their address.
        </p>
        <p className="mt-1 text-ink-300">
          A wave invites confirmed people only. People confirm from the mail they get when they sign
          up; a wave can invite them once they have.{' '}
          <Link
            to={signupsLink({ ...listFilters(selection), confirmation: 'pending' })}
            className={nextLink}
          >
            See who has not confirmed yet
          </Link>
        </p>
      </>
    );
  }
  if (notListed === 0) {
    return (
      <>
        <p className="font-semibold text-ink-100">
          Nobody to invite: all {people(confirmed)} who confirmed{of}{' '}
          {confirmed === 1 ? 'is' : 'are'} on the whitelist already.
        </p>
        <p className="mt-1 text-ink-300">
          New people can be invited once they sign up and confirm. Those invited who have not
          registered yet can be reminded.{' '}
          <button type="button" onClick={onRemindInstead} className={nextLink}>
            Remind invited people
          </button>
        </p>
      </>
    );
  }
  return (
    <>
      <p className="font-semibold text-ink-100">
        Nobody to invite: {notListed === 1 ? 'the one person' : `the ${people(notListed)}`} who
        confirmed{of} but {notListed === 1 ? 'is' : 'are'} not on the whitelist{' '}
        {notListed === 1 ? 'has an address' : 'have addresses'} a wave never mails (not one
        address).
      </p>
      <p className="mt-1 text-ink-300">
        <Link
          to={signupsLink({
            ...listFilters(selection),
            confirmation: 'confirmed',
            whitelisted: 'false',
          })}
          className={nextLink}
        >
          See {notListed === 1 ? 'that address' : 'those addresses'}
        </Link>
      </p>
    </>
  );
}
