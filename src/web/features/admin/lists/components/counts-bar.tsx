/**
 * The figures at a glance above the lists, as one quiet line. Five are totals ("In total"),
 * unlike the funnel's, which count a period; the last counts today's signups. Each says what it
 * counts: its group is read with it, and its title says it in full.
 */
import type { AdminCounts } from '../../../../../contract/admin-insights.ts';

/** A figure: its short label, and what it counts in full (its title). */
type Figure = { key: keyof Omit<AdminCounts, 'at'>; label: string; counts: string };

const TOTALS: Figure[] = [
  { key: 'total', label: 'Signups', counts: 'Addresses that signed up' },
  {
    key: 'confirmed',
    label: 'Confirmed',
    counts: 'Signups confirmed from the confirmation mail',
  },
  { key: 'whitelisted', label: 'Whitelisted', counts: 'Addresses on the whitelist' },
  {
    key: 'invited',
    label: 'Invited',
    counts: 'Addresses the early-access invitation was delivered to',
  },
  { key: 'registered', label: 'Registered', counts: 'Addresses registered in the app' },
];
const TODAY: Figure = { key: 'today', label: 'Signups', counts: 'Signups since 00:00 UTC' };

const number = new Intl.NumberFormat('en-US');

function FigureItem({ figure, value, period }: { figure: Figure; value: string; period: string }) {
  return (
    <div className="flex items-baseline gap-1.5" title={`${figure.counts} (${period})`}>
      <dt className="text-ink-400">
        {figure.label}
        <span className="sr-only">, {period}</span>
      </dt>
      <dd className="font-medium text-ink-100 tabular-nums" data-count={figure.key}>
        {value}
      </dd>
    </div>
  );
}

export function CountsBar({
  counts,
  failed,
}: {
  counts: AdminCounts | undefined;
  failed: boolean;
}) {
  const value = (key: Figure['key']) => (counts ? number.format(counts[key]) : failed ? '–' : '…');
  return (
    <section aria-labelledby="counts-heading" className="mt-2">
      <h2 id="counts-heading" className="sr-only">
        At a glance
      </h2>
      <div className="flex flex-wrap items-baseline gap-x-6 gap-y-1 text-xs leading-5">
        <div className="flex items-baseline gap-x-4">
          <p aria-hidden="true" className="font-medium whitespace-nowrap text-ink-300">
            In total
          </p>
          <dl className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
            {TOTALS.map((figure) => (
              <FigureItem
                key={figure.key}
                figure={figure}
                value={value(figure.key)}
                period="in total"
              />
            ))}
          </dl>
        </div>
        <div className="flex items-baseline gap-x-4">
          <p aria-hidden="true" className="font-medium whitespace-nowrap text-ink-300">
            Today
          </p>
          <dl>
            <FigureItem figure={TODAY} value={value(TODAY.key)} period="today" />
          </dl>
        </div>
      </div>
    </section>
  );
}
