/**
 * The referrers with the most credited referrals, with what else their links brought; a
 * referrer with a held or rejected referral is marked Flagged, in words, not colour alone.
 */
import { useLoadState } from '../../shared/api/use-load-state.ts';
import { panelErrorClass, secondaryButton } from '../../shared/components/panel-styles.ts';
import {
  bodyClass,
  cellClass,
  emailCellClass,
  emailTextClass,
  headCellClass,
  headClass,
  headRowClass,
  rowClass,
  tableClass,
} from '../../shared/components/table-styles.ts';
import { useLeaderboard } from '../api/get-leaderboard.ts';

const COUNTS = [
  { key: 'credited', label: 'Credited' },
  { key: 'pending', label: 'Not confirmed' },
  { key: 'held', label: 'Held' },
  { key: 'rejected', label: 'Rejected' },
] as const;

const numberCell = `${cellClass} text-right tabular-nums`;

export function ReferralLeaderboard({
  onSessionEnded,
}: {
  onSessionEnded: (error: unknown) => boolean;
}) {
  const leaderboard = useLeaderboard();
  const load = useLoadState(leaderboard, onSessionEnded);
  const referrers = leaderboard.data?.referrers ?? [];
  return (
    <section
      aria-labelledby="referral-leaderboard-heading"
      className="rounded-2xl border border-ink-700 bg-ink-900 p-4 sm:p-6"
    >
      <h2 id="referral-leaderboard-heading" className="text-xl font-semibold text-ink-100">
        Top referrers
      </h2>
      <p className="mt-1 text-sm text-ink-300">
        By credited referrals. Flagged: at least one referral was held for review or rejected.
      </p>
      {load.error && !leaderboard.data ? (
        <div className={`${panelErrorClass} flex flex-wrap items-center gap-3`} role="alert">
          <span>{load.error.message}</span>
          <button
            type="button"
            className={secondaryButton}
            onClick={() => void leaderboard.refetch()}
          >
            Try again
          </button>
        </div>
      ) : leaderboard.isLoading ? (
        <p className="mt-4 text-sm text-ink-300">Loading the leaderboard...</p>
      ) : referrers.length === 0 ? (
        <p className="mt-4 text-sm text-ink-300">
          No one has brought a friend yet: referrers appear here once a friend signs up with their
          link.
        </p>
      ) : (
        <table className={`mt-4 ${tableClass}`} aria-label="Top referrers">
          <thead className={headClass}>
            <tr className={headRowClass}>
              <th scope="col" className={`${headCellClass} w-8 text-right`}>
                #
              </th>
              <th scope="col" className={headCellClass}>
                Referrer
              </th>
              {COUNTS.map((count) => (
                <th key={count.key} scope="col" className={`${headCellClass} text-right`}>
                  {count.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={bodyClass}>
            {referrers.map((referrer, index) => (
              <tr key={referrer.id} className={rowClass} data-referrer={referrer.email}>
                <td className={`${numberCell} w-8 max-sm:hidden`}>{index + 1}</td>
                <td className={emailCellClass} data-label="Referrer">
                  <span className={emailTextClass}>{referrer.email}</span>
                  {referrer.flagged ? (
                    <span className="ml-2 rounded-full border border-amber-400/40 bg-amber-400/10 px-2 py-0.5 text-xs text-amber-100">
                      Flagged
                    </span>
                  ) : null}
                </td>
                {COUNTS.map((count) => (
                  <td key={count.key} className={numberCell} data-label={count.label}>
                    {referrer[count.key]}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
