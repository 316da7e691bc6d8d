/**
 * The funnel: signups per day by signup form, and how many of them confirmed, were invited and
 * registered, with the conversion from each stage to the next. The charts' library is loaded
 * only when this panel shows (a chunk of its own, within the admin page), never by public pages.
 */
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import type { FunnelResponse } from '../../../../../contract/waves.ts';
import { FUNNEL_FAILED_MESSAGE, useFunnel } from '../api/get-funnel.ts';
import { percentText, STAGE_NAMES } from './funnel-format.ts';

const FunnelCharts = lazy(() => import('./funnel-charts.tsx'));

const MAX_PERIOD = 90;
const PERIODS = [7, 30, MAX_PERIOD] as const;

const secondary =
  'rounded-full border border-ink-600 px-3 py-1.5 text-sm font-medium text-ink-100 transition hover:border-gold-400';

export function FunnelPanel({ onSessionEnded }: { onSessionEnded: (error: unknown) => boolean }) {
  const [days, setDays] = useState<number>(30);
  const funnel = useFunnel(days);
  const headingId = useId();
  const periodId = useId();
  useEffect(() => {
    if (funnel.error) onSessionEnded(funnel.error);
  }, [funnel.error, onSessionEnded]);
  const data = funnel.data;

  return (
    <section
      aria-labelledby={headingId}
      className="mt-10 rounded-2xl border border-ink-700 bg-ink-900 p-4 sm:p-6"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-xl font-semibold text-ink-100">
            Funnel
          </h2>
          <p className="mt-2 max-w-2xl text-sm text-ink-300">
            Signups of the period by signup form, and how many of them confirmed their address, were
            invited and registered in the app.
          </p>
        </div>
        <div>
          <label htmlFor={periodId} className="block text-sm font-medium text-ink-100">
            Period
          </label>
          <select
            id={periodId}
            value={days}
            onChange={(event) => setDays(Number(event.target.value))}
            className="mt-1 rounded-lg border border-ink-600 bg-ink-950 px-3 py-2 text-ink-100"
          >
            {PERIODS.map((value) => (
              <option key={value} value={value}>
                Last {value} days
              </option>
            ))}
          </select>
        </div>
      </div>
      {funnel.error ? (
        <div
          role="alert"
          className="mt-4 flex flex-wrap items-center gap-3 rounded-lg border border-red-500/60 bg-red-950/60 p-3 text-sm text-red-100"
        >
          <span className="break-words">
            {funnel.error instanceof Error ? funnel.error.message : FUNNEL_FAILED_MESSAGE}
          </span>
          <button type="button" className={secondary} onClick={() => void funnel.refetch()}>
            Retry
          </button>
        </div>
      ) : null}
      {funnel.isLoading ? <p className="mt-4 text-sm text-ink-300">Loading the funnel...</p> : null}
      {data && data.stages[0]?.count === 0 ? (
        <NoSignups
          days={days}
          onLonger={days < MAX_PERIOD ? () => setDays(MAX_PERIOD) : undefined}
        />
      ) : null}
      {data && data.stages[0]?.count !== 0 ? (
        <>
          <StageSummary data={data} />
          <OriginSplit data={data} />
          <Suspense fallback={<p className="mt-4 text-sm text-ink-300">Loading charts...</p>}>
            <FunnelCharts data={data} />
          </Suspense>
        </>
      ) : null}
    </section>
  );
}

/**
 * A period without signups: no axes without bars, but what the panel will show and when, and a
 * longer period to look at.
 */
function NoSignups({ days, onLonger }: { days: number; onLonger: (() => void) | undefined }) {
  return (
    <div className="mt-4 rounded-xl border border-dashed border-ink-600 bg-ink-950/60 px-4 py-8 text-center">
      <p className="font-semibold text-ink-100">No signups in the last {days} days</p>
      <p className="mx-auto mt-2 max-w-md text-sm text-ink-300">
        Once people sign up, each day&rsquo;s signups show here by signup form, with how many of
        them confirmed their address, were invited and registered in the app.
      </p>
      {onLonger ? (
        <button type="button" className={`mt-4 ${secondary}`} onClick={onLonger}>
          Show the last {MAX_PERIOD} days
        </button>
      ) : null}
    </div>
  );
}

/** The stages as text: what the funnel chart draws, readable without it. */
function StageSummary({ data }: { data: FunnelResponse }) {
  return (
    <ol
      aria-label={`Funnel from ${data.from} to ${data.to}`}
      className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4"
    >
      {data.stages.map((stage, index) => (
        <li key={stage.stage} className="rounded-xl border border-ink-700 bg-ink-950 p-3">
          <p className="text-xs font-medium tracking-wide text-ink-300 uppercase">
            {STAGE_NAMES[stage.stage]}
          </p>
          <p className="mt-1 text-2xl font-semibold text-ink-100 tabular-nums">
            {stage.count.toLocaleString()}
          </p>
          <p className="mt-1 text-xs text-ink-300">
            {index === 0
              ? `${data.days.length} days`
              : `${percentText(stage.rate)} of ${STAGE_NAMES[data.stages[index - 1]!.stage].toLowerCase()}`}
          </p>
        </li>
      ))}
    </ol>
  );
}

/** The stages for people who came through a friend's link and for everyone else. */
function OriginSplit({ data }: { data: FunnelResponse }) {
  const origins = [
    { key: 'referred', label: 'Referred' },
    { key: 'organic', label: 'Organic' },
  ] as const;
  const head = 'px-1.5 py-1.5 text-xs font-medium text-ink-400 border-b border-ink-700 sm:px-2';
  const cell = 'px-1.5 py-1.5 tabular-nums border-b border-ink-800 sm:px-2';
  return (
    // Headers wrap, so the table fits a phone without scrolling sideways.
    <div className="mt-4">
      <table className="w-full text-left text-sm" aria-label="Funnel by how people came">
        <thead>
          <tr>
            <th scope="col" className={head}>
              Came
            </th>
            {data.stages.map((stage) => (
              <th key={stage.stage} scope="col" className={`${head} text-right`}>
                {STAGE_NAMES[stage.stage]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {origins.map((origin) => {
            const counts = data.byOrigin[origin.key];
            return (
              <tr key={origin.key}>
                <th scope="row" className={`${cell} font-medium text-ink-100`}>
                  {origin.label}
                </th>
                {data.stages.map((stage, index) => {
                  const previous = index === 0 ? undefined : data.stages[index - 1]!.stage;
                  const value = counts[stage.stage] ?? 0;
                  const before = previous ? (counts[previous] ?? 0) : undefined;
                  return (
                    <td key={stage.stage} className={`${cell} text-right text-ink-300`}>
                      <span className="text-ink-100">{value.toLocaleString()}</span>
                      {before ? (
                        <span className="ml-1.5 text-xs text-ink-400 max-sm:hidden">
                          {percentText(value / before)}
                        </span>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
