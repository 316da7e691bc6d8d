import { pages } from '../../route-table.ts';
import { site } from '../../site-config.ts';
import { ButtonLink } from '../ui/button-link.tsx';
import { SparklesIcon } from '../ui/icons.tsx';

/** Prices apply after launch; during the closed alpha everything is free. */
export function EarlyAccessNotice() {
  return (
    <aside
      aria-labelledby="early-access-notice-heading"
      className="mx-auto flex max-w-4xl flex-col gap-6 rounded-3xl border border-gold-400/30 bg-gold-400/[0.06] p-6 sm:flex-row sm:items-center sm:p-8"
    >
      <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-gold-400 text-ink-950">
        <SparklesIcon className="size-6" />
      </span>
      <div className="flex-1">
        <h2 id="early-access-notice-heading" className="text-lg font-semibold text-ink-100">
          Early access is free
        </h2>
        <p className="mt-1 leading-relaxed text-ink-300">
          During the closed alpha every feature is free and no credit card is required. Early
          members will hear about paid plans first, well before they start.
        </p>
      </div>
      <ButtonLink
        to={pages.signup.path}
        trackLabel="pricing-notice-signup"
        className="self-start sm:self-center"
      >
        {site.waitlistAction}
      </ButtonLink>
    </aside>
  );
}
