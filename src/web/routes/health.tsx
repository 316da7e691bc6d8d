import { healthDashboardIsland } from '../features/health/health-dashboard-island.tsx';
import { Island } from '../lib/island.tsx';
import { islandsPageHandle } from '../lib/hydration.ts';
import { routeMeta } from '../lib/route-meta.ts';
import { site } from '../site-config.ts';

export const meta = routeMeta;

/** Only the status cards need React in the browser (docs/decisions/0028). */
export const handle = islandsPageHandle;

export default function HealthPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 pt-28 pb-20 sm:px-6">
      <header className="max-w-[70ch]">
        <h1 className="font-display text-5xl tracking-wide text-ink-100 sm:text-6xl">
          Service status
        </h1>
        <p className="mt-3 text-lg leading-7 text-ink-300">
          Live health of the {site.name} API and the systems behind it, straight from the service.
        </p>
      </header>
      <div className="mt-10">
        <Island of={healthDashboardIsland} props={{}} />
      </div>
      <p className="mt-10 text-sm text-ink-400">
        Something not working for you? Email us at{' '}
        <a
          href={`mailto:${site.contactEmail}`}
          className="text-gold-300 underline underline-offset-2 hover:text-gold-400"
        >
          {site.contactEmail}
        </a>
        .
      </p>
    </div>
  );
}
