/** The figures at a glance above the lists: total, confirmed, whitelisted, invited, registered, today. */
import type { AdminCounts } from '../../../../../contract/admin-insights.ts';

const FIGURES: { key: keyof Omit<AdminCounts, 'at'>; label: string }[] = [
  { key: 'total', label: 'Signups' },
  { key: 'confirmed', label: 'Confirmed' },
  { key: 'whitelisted', label: 'Whitelisted' },
  { key: 'invited', label: 'Invited' },
  { key: 'registered', label: 'Registered' },
  { key: 'today', label: 'Today' },
];

const number = new Intl.NumberFormat('en-US');

export function CountsBar({
  counts,
  failed,
}: {
  counts: AdminCounts | undefined;
  failed: boolean;
}) {
  return (
    <section aria-labelledby="counts-heading" className="mt-4">
      <h2 id="counts-heading" className="sr-only">
        At a glance
      </h2>
      <dl className="grid grid-cols-3 gap-px overflow-hidden rounded-xl border border-ink-700 bg-ink-700 sm:grid-cols-6">
        {FIGURES.map((figure) => (
          <div key={figure.key} className="bg-ink-900 px-3 py-1.5">
            <dt className="text-xs font-medium whitespace-nowrap text-ink-300">{figure.label}</dt>
            <dd
              className="text-base font-semibold text-ink-100 tabular-nums"
              data-count={figure.key}
            >
              {counts ? number.format(counts[figure.key]) : failed ? '–' : '…'}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
