import type { ReactNode } from 'react';
import { HEALTH_REFRESH_INTERVAL_MS, useHealth, type HealthState } from './get-health.ts';

type Tone = 'pending' | 'good' | 'bad' | 'unknown';

const toneStyles: Record<Tone, { dot: string; text: string }> = {
  pending: { dot: 'bg-gold-400 motion-safe:animate-pulse', text: 'text-gold-300' },
  good: { dot: 'bg-emerald-400', text: 'text-emerald-300' },
  bad: { dot: 'bg-critics', text: 'text-critics' },
  unknown: { dot: 'bg-ink-400', text: 'text-ink-300' },
};

interface Reading {
  tone: Tone;
  label: string;
}

/** The status card's words are the spec's (section 4); `state` is for tests and styling. */
function apiReading(health: HealthState): Reading & { state: string } {
  if (health.phase === 'checking')
    return { tone: 'pending', label: 'Checking...', state: 'checking' };
  return health.healthy
    ? { tone: 'good', label: 'Operational', state: 'healthy' }
    : { tone: 'bad', label: 'Degraded', state: 'unhealthy' };
}

/**
 * Before the first answer the cards show the spec's static text. After it they show what the
 * API reported; with no report (the request failed) the database state is unknown.
 */
function databaseReading(health: HealthState): Reading {
  if (health.phase === 'checking') return { tone: 'pending', label: 'Connected' };
  if (!health.report) return { tone: 'unknown', label: 'Unknown' };
  return health.report.checks.database === 'ok'
    ? { tone: 'good', label: 'Connected' }
    : { tone: 'bad', label: 'Unreachable' };
}

function serverReading(health: HealthState): Reading {
  if (health.phase === 'checking') return { tone: 'pending', label: 'Online' };
  return health.report ? { tone: 'good', label: 'Online' } : { tone: 'bad', label: 'Unreachable' };
}

const timeFormat: Intl.DateTimeFormatOptions = {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};

/** The /health page's three cards: API status (live), database and server. */
export function HealthDashboard() {
  const health = useHealth();
  const api = apiReading(health);
  const checked = health.phase === 'checked' ? health : null;

  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <section
        aria-labelledby="health-api-heading"
        data-testid="health-api-card"
        className="rounded-2xl border border-ink-700 bg-ink-900 p-6 sm:col-span-2 sm:p-8"
      >
        <h2
          id="health-api-heading"
          className="text-sm font-semibold tracking-wider text-ink-300 uppercase"
        >
          API Status
        </h2>
        <div className="mt-4 flex items-center gap-4">
          <StatusDot tone={api.tone} large />
          <p
            role="status"
            aria-live="polite"
            aria-atomic="true"
            data-testid="health-status"
            data-state={api.state}
            className={`font-display text-5xl tracking-wide ${toneStyles[api.tone].text}`}
          >
            {api.label}
          </p>
        </div>

        <dl className="mt-6 grid gap-4 border-t border-ink-700 pt-6 text-sm sm:grid-cols-3">
          <Detail term="Last checked" testId="health-last-checked">
            {checked ? (
              <time dateTime={checked.checkedAt.toISOString()}>
                {checked.checkedAt.toLocaleTimeString(undefined, timeFormat)}
              </time>
            ) : (
              '—'
            )}
          </Detail>
          <Detail term="Version" testId="health-version">
            {checked?.report?.version ?? '—'}
          </Detail>
          <Detail term="Service" testId="health-service">
            {checked?.report?.service ?? '—'}
          </Detail>
        </dl>
        <p className="mt-6 text-sm text-ink-400">
          This page asks the API again every {HEALTH_REFRESH_INTERVAL_MS / 1000} seconds while it is
          open.
        </p>
      </section>

      <ComponentCard
        title="Database"
        reading={databaseReading(health)}
        testId="health-database"
        icon={<DatabaseIcon />}
      />
      <ComponentCard
        title="Server"
        reading={serverReading(health)}
        testId="health-server"
        icon={<ServerIcon />}
      />
    </div>
  );
}

function Detail({ term, testId, children }: { term: string; testId: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-ink-400">{term}</dt>
      <dd className="mt-1 font-medium break-words text-ink-100 tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function ComponentCard({
  title,
  reading,
  testId,
  icon,
}: {
  title: string;
  reading: Reading;
  testId: string;
  icon: ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className="flex items-center gap-4 rounded-2xl border border-ink-700 bg-ink-900 p-6"
    >
      <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-ink-800 text-gold-400">
        {icon}
      </span>
      {/* One text node, so the card reads exactly 'Database: Connected' to people and tests. */}
      <p
        data-testid={testId}
        data-state={reading.tone}
        className="text-lg font-semibold text-ink-100"
      >
        {`${title}: ${reading.label}`}
      </p>
      <StatusDot tone={reading.tone} className="ml-auto" />
    </section>
  );
}

function StatusDot({
  tone,
  large = false,
  className = '',
}: {
  tone: Tone;
  large?: boolean;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block shrink-0 rounded-full ${large ? 'size-4' : 'size-3'} ${toneStyles[tone].dot} ${className}`}
    />
  );
}

function DatabaseIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <ellipse cx="12" cy="5.5" rx="7" ry="2.5" />
      <path d="M5 5.5v6c0 1.4 3.1 2.5 7 2.5s7-1.1 7-2.5v-6M5 11.5v6c0 1.4 3.1 2.5 7 2.5s7-1.1 7-2.5v-6" />
    </svg>
  );
}

function ServerIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <rect x="3.5" y="4" width="17" height="7" rx="1.5" />
      <rect x="3.5" y="13" width="17" height="7" rx="1.5" />
      <path d="M7 7.5h.01M7 16.5h.01" strokeLinecap="round" strokeWidth="2.4" />
    </svg>
  );
}
