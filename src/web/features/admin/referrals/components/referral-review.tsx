/**
 * The review of referrals (decision 0040): the referrals held because they looked like the
 * owner in another spelling, the owner's own network, a burst or a run of similar addresses,
 * each with both addresses and the reasons in words. An admin credits or rejects one row or a
 * selection, always through a dialog that states the exact number (a decision cannot be undone);
 * a failed decision is shown beside its row with Retry. A viewer reads the same list.
 */
import { useId, useState } from 'react';
import type {
  HoldReason,
  ReferralDecision,
  ReferralRecord,
  ReferralStatus,
} from '../../../../../contract/referrals.ts';
import { useLoadState } from '../../shared/api/use-load-state.ts';
import { ConfirmDialog } from '../../shared/components/confirm-dialog.tsx';
import { formatDateTime } from '../../shared/components/format-date.ts';
import { panelErrorClass, secondaryButton } from '../../shared/components/panel-styles.ts';
import {
  addButtonClass,
  bodyClass,
  cellClass,
  emailCellClass,
  emailTextClass,
  headCellClass,
  headClass,
  headRowClass,
  nowrapCellClass,
  removeButtonClass,
  rowClass,
  tableClass,
} from '../../shared/components/table-styles.ts';
import { DECISION_FAILED_MESSAGE, useDecideReferrals } from '../api/decide-referrals.ts';
import { REFERRALS_PAGE_SIZE, useReferrals } from '../api/get-referrals.ts';

export const REASON_WORDS: Record<HoldReason, string> = {
  'same-person': 'The owner in another spelling',
  'same-network': 'From the owner’s network',
  burst: 'Part of a burst',
  similar: 'One of several similar addresses',
};

const STATUS_CHOICES: { status: ReferralStatus; label: string }[] = [
  { status: 'held', label: 'Held for review' },
  { status: 'credited', label: 'Credited' },
  { status: 'rejected', label: 'Rejected' },
  { status: 'pending', label: 'Friend not confirmed yet' },
];

const EMPTY_TEXT: Record<ReferralStatus, { title: string; text: string }> = {
  held: {
    title: 'Nothing waits for review',
    text:
      'Every confirmed referral was credited. A referral is held here when the friend looks like ' +
      'the owner in another spelling, comes from the owner’s network, arrives in a burst or ' +
      'with a run of similar addresses.',
  },
  credited: { title: 'No credited referrals', text: 'No friend has confirmed through a link yet.' },
  rejected: { title: 'No rejected referrals', text: 'No held referral has been rejected.' },
  pending: {
    title: 'No referrals waiting for a friend',
    text: 'Every friend who signed up with a link has confirmed their address.',
  },
};

/** What is being decided: some held referrals, credited or rejected. */
interface Pending {
  ids: string[];
  decision: ReferralDecision;
  /** Where its failure shows: a row's id, or the selection bar. */
  place: string;
  owner?: string;
}

const SELECTION = 'selection';

export function decisionTitle(decision: ReferralDecision, count: number): string {
  const noun = count === 1 ? 'referral' : 'referrals';
  return `${decision === 'credit' ? 'Credit' : 'Reject'} ${count} ${noun}?`;
}

export function decidedText(decision: ReferralDecision, decided: number, skipped: number): string {
  const done =
    decided === 0
      ? 'Nothing was decided'
      : `${decided} ${decided === 1 ? 'referral' : 'referrals'} ${decision === 'credit' ? 'credited' : 'rejected'}`;
  return skipped > 0 ? `${done}; ${skipped} had been decided already.` : `${done}.`;
}

export function ReferralReview({
  readOnly,
  onSessionEnded,
}: {
  readOnly: boolean;
  onSessionEnded: (error: unknown) => boolean;
}) {
  const [status, setStatus] = useState<ReferralStatus>('held');
  const [offset, setOffset] = useState(0);
  const referrals = useReferrals(status, offset);
  const load = useLoadState(referrals, onSessionEnded);
  const decide = useDecideReferrals();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [asking, setAsking] = useState<Pending | null>(null);
  const [failures, setFailures] = useState<ReadonlyMap<string, Pending & { message: string }>>(
    new Map(),
  );
  const [result, setResult] = useState('');
  const statusId = useId();

  const rows = referrals.data?.referrals ?? [];
  const total = referrals.data?.pagination.total;
  const canDecide = !readOnly && status === 'held';
  const shownSelected = rows.filter((row) => selected.has(row.id)).map((row) => row.id);

  function run(pending: Pending) {
    setResult('');
    setFailures((current) => {
      const next = new Map(current);
      next.delete(pending.place);
      return next;
    });
    decide.mutate(
      { ids: pending.ids, decision: pending.decision },
      {
        onSuccess: ({ decided, skipped }) => {
          setSelected((current) => new Set([...current].filter((id) => !pending.ids.includes(id))));
          setResult(decidedText(pending.decision, decided.length, skipped.length));
        },
        onError: (caught) => {
          if (onSessionEnded(caught)) return;
          const message =
            caught instanceof Error && caught.message ? caught.message : DECISION_FAILED_MESSAGE;
          setFailures((current) => new Map(current).set(pending.place, { ...pending, message }));
        },
      },
    );
  }

  function toggle(id: string) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  const allOnPage = rows.length > 0 && shownSelected.length === rows.length;
  const selectionFailure = failures.get(SELECTION);

  return (
    <section
      aria-labelledby="referral-review-heading"
      className="rounded-2xl border border-ink-700 bg-ink-900 p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id="referral-review-heading" className="text-xl font-semibold text-ink-100">
            Referral review
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-ink-300">
            Referrals that looked suspicious when the friend confirmed wait here. Credit moves the
            owner forward in line; reject leaves them where they are. Owners only ever see counts.
          </p>
        </div>
        <div>
          <label htmlFor={statusId} className="block text-xs font-medium text-ink-400">
            Show
          </label>
          <select
            id={statusId}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as ReferralStatus);
              setOffset(0);
              setSelected(new Set());
            }}
            className="mt-1 h-8 rounded-md border border-ink-600 bg-ink-950 px-2 text-sm text-ink-100"
          >
            {STATUS_CHOICES.map((choice) => (
              <option key={choice.status} value={choice.status}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      {readOnly ? (
        <p className="mt-3 text-xs text-ink-400">
          You can read the review; only admins credit or reject.
        </p>
      ) : null}

      {canDecide && shownSelected.length > 0 ? (
        <div
          role="region"
          aria-label="Selected referrals"
          className="mt-4 flex flex-wrap items-center gap-2 rounded-xl border border-gold-400/40 bg-gold-400/5 px-3 py-2 text-sm"
        >
          <p className="mr-1 font-medium text-ink-100" aria-live="polite">
            {shownSelected.length} selected
          </p>
          <span className="flex-1" />
          <button
            type="button"
            className={addButtonClass}
            onClick={() => setAsking({ ids: shownSelected, decision: 'credit', place: SELECTION })}
          >
            Credit {shownSelected.length}
          </button>
          <button
            type="button"
            className={removeButtonClass}
            onClick={() => setAsking({ ids: shownSelected, decision: 'reject', place: SELECTION })}
          >
            Reject {shownSelected.length}
          </button>
          <button
            type="button"
            className={removeButtonClass}
            onClick={() => setSelected(new Set())}
          >
            Clear selection
          </button>
          {selectionFailure ? (
            <FailureNote failure={selectionFailure} onRetry={() => run(selectionFailure)} />
          ) : null}
        </div>
      ) : null}

      {load.error && !referrals.data ? (
        <div className={`${panelErrorClass} flex flex-wrap items-center gap-3`} role="alert">
          <span>{load.error.message}</span>
          <button
            type="button"
            className={secondaryButton}
            onClick={() => void referrals.refetch()}
          >
            Try again
          </button>
        </div>
      ) : referrals.isLoading ? (
        <p className="mt-4 text-sm text-ink-300">Loading the referrals...</p>
      ) : rows.length === 0 ? (
        <div className="mt-4 rounded-xl border border-dashed border-ink-600 bg-ink-950/60 px-4 py-8 text-center">
          <p className="font-semibold text-ink-100">{EMPTY_TEXT[status].title}</p>
          <p className="mx-auto mt-2 max-w-md text-sm text-ink-300">{EMPTY_TEXT[status].text}</p>
        </div>
      ) : (
        <table className={`mt-4 ${tableClass}`} aria-label={`Referrals: ${labelOf(status)}`}>
          <thead className={headClass}>
            <tr className={headRowClass}>
              {canDecide ? (
                <th scope="col" className={`${headCellClass} w-8`}>
                  <input
                    type="checkbox"
                    aria-label="Select every referral on this page"
                    checked={allOnPage}
                    onChange={() =>
                      setSelected(allOnPage ? new Set() : new Set(rows.map((row) => row.id)))
                    }
                    className="size-4 align-middle accent-gold-400"
                  />
                </th>
              ) : null}
              <th scope="col" className={headCellClass}>
                Owner
              </th>
              <th scope="col" className={headCellClass}>
                Friend
              </th>
              <th scope="col" className={headCellClass}>
                {status === 'pending' ? 'Status' : 'Why held'}
              </th>
              <th scope="col" className={headCellClass}>
                {status === 'pending' ? 'Signed up' : status === 'held' ? 'Confirmed' : 'Decided'}
              </th>
              {canDecide ? (
                <th scope="col" className={`${headCellClass} text-right`}>
                  <span className="sr-only">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className={bodyClass}>
            {rows.map((row) => (
              <ReferralRow
                key={row.id}
                row={row}
                canDecide={canDecide}
                selected={selected.has(row.id)}
                busy={decide.isPending && (decide.variables?.ids.includes(row.id) ?? false)}
                failure={failures.get(row.id)}
                onToggle={() => toggle(row.id)}
                onAsk={(decision) =>
                  setAsking({ ids: [row.id], decision, place: row.id, owner: row.owner.email })
                }
                onRetry={(failure) => run(failure)}
              />
            ))}
          </tbody>
        </table>
      )}

      {total !== undefined && total > REFERRALS_PAGE_SIZE ? (
        <nav aria-label="Referral pages" className="mt-3 flex items-center justify-between text-sm">
          <p className="text-ink-400 tabular-nums">
            {offset + 1}–{Math.min(offset + REFERRALS_PAGE_SIZE, total)} of {total}
          </p>
          <div className="flex gap-2">
            <button
              type="button"
              className={removeButtonClass}
              aria-disabled={offset === 0}
              onClick={() => offset > 0 && setOffset(Math.max(0, offset - REFERRALS_PAGE_SIZE))}
            >
              Previous
            </button>
            <button
              type="button"
              className={removeButtonClass}
              aria-disabled={offset + REFERRALS_PAGE_SIZE >= total}
              onClick={() =>
                offset + REFERRALS_PAGE_SIZE < total && setOffset(offset + REFERRALS_PAGE_SIZE)
              }
            >
              Next
            </button>
          </div>
        </nav>
      ) : null}

      <p role="status" className="mt-3 text-sm text-emerald-200 empty:mt-0">
        {result}
      </p>

      {asking ? (
        <ConfirmDialog
          title={decisionTitle(asking.decision, asking.ids.length)}
          description={
            <>
              {asking.owner ? (
                <>
                  The referral of <span className="text-ink-100">{asking.owner}</span>{' '}
                </>
              ) : (
                <>
                  {asking.ids.length} {asking.ids.length === 1 ? 'referral' : 'referrals'}{' '}
                </>
              )}
              {asking.decision === 'credit'
                ? 'will count, and the owner moves forward in line. '
                : 'will not count; the owner stays where they are. '}
              This is recorded in the audit log and cannot be undone.
            </>
          }
          confirmLabel={`${asking.decision === 'credit' ? 'Credit' : 'Reject'} ${asking.ids.length}`}
          onConfirm={() => {
            const pending = asking;
            setAsking(null);
            run(pending);
          }}
          onClose={() => setAsking(null)}
        />
      ) : null}
    </section>
  );
}

function labelOf(status: ReferralStatus): string {
  return STATUS_CHOICES.find((choice) => choice.status === status)?.label ?? status;
}

function FailureNote({ failure, onRetry }: { failure: { message: string }; onRetry: () => void }) {
  return (
    <span
      role="alert"
      className="flex basis-full flex-wrap items-center gap-2 text-xs text-red-200"
    >
      <span className="break-words">{failure.message}</span>
      <button type="button" className={removeButtonClass} onClick={onRetry}>
        Retry
      </button>
    </span>
  );
}

function ReferralRow({
  row,
  canDecide,
  selected,
  busy,
  failure,
  onToggle,
  onAsk,
  onRetry,
}: {
  row: ReferralRecord;
  canDecide: boolean;
  selected: boolean;
  busy: boolean;
  failure: (Pending & { message: string }) | undefined;
  onToggle: () => void;
  onAsk: (decision: ReferralDecision) => void;
  onRetry: (failure: Pending) => void;
}) {
  const when = row.decidedAt ?? row.settledAt ?? row.createdAt;
  return (
    <tr className={rowClass} data-referral={row.id}>
      {canDecide ? (
        <td className={`${cellClass} w-8 max-sm:hidden`}>
          <input
            type="checkbox"
            aria-label={`Select the referral of ${row.friend.email} by ${row.owner.email}`}
            checked={selected}
            onChange={onToggle}
            className="size-4 align-middle accent-gold-400"
          />
        </td>
      ) : null}
      <td className={emailCellClass} data-label="Owner">
        <span className={emailTextClass}>{row.owner.email}</span>
      </td>
      <td className={`${cellClass} text-ink-100`} data-label="Friend">
        <span className={emailTextClass}>{row.friend.email}</span>
        {failure ? <FailureNote failure={failure} onRetry={() => onRetry(failure)} /> : null}
      </td>
      <td className={cellClass} data-label={row.status === 'pending' ? 'Status' : 'Why held'}>
        {row.status === 'pending' ? (
          'Waiting for the friend to confirm'
        ) : row.reasons.length === 0 ? (
          <span className="text-ink-400">Not held</span>
        ) : (
          <ul className="flex flex-wrap justify-end gap-1 xl:justify-start">
            {row.reasons.map((reason) => (
              <li
                key={reason}
                className="rounded-full border border-amber-400/40 bg-amber-400/10 px-2 py-0.5 text-xs whitespace-nowrap text-amber-100"
              >
                {REASON_WORDS[reason]}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td className={nowrapCellClass} data-label="When">
        <time dateTime={when}>{formatDateTime(when)}</time>
        {row.decidedBy ? <span className="block text-xs text-ink-400">{row.decidedBy}</span> : null}
      </td>
      {canDecide ? (
        <td className={`${cellClass} text-right max-sm:justify-end`}>
          <span className="inline-flex gap-1.5">
            <button
              type="button"
              className={addButtonClass}
              aria-disabled={busy}
              onClick={() => !busy && onAsk('credit')}
            >
              {busy ? 'Saving...' : 'Credit'}
              <span className="sr-only"> the referral of {row.friend.email}</span>
            </button>
            <button
              type="button"
              className={removeButtonClass}
              aria-disabled={busy}
              onClick={() => !busy && onAsk('reject')}
            >
              Reject<span className="sr-only"> the referral of {row.friend.email}</span>
            </button>
          </span>
        </td>
      ) : null}
    </tr>
  );
}
