import { site } from '../../site-config.ts';
import { buttonClasses } from '../ui/button-link.tsx';
import { ArrowDownIcon, BrowserIcon, TvIcon } from '../ui/icons.tsx';
import { ScrollLink } from '../ui/scroll-link.tsx';
import { SectionHeading } from '../ui/section-heading.tsx';

const browsers = ['Chrome', 'Firefox'];

/**
 * Where the extension runs: which browsers, and which sites it adds ratings to. The browsers
 * card ends with the way onto the early-access list (the form at `signupId`).
 */
export function ExtensionPlatforms({ signupId }: { signupId: string }) {
  return (
    <section
      aria-labelledby="extension-platforms-heading"
      className="mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-28"
    >
      <SectionHeading
        id="extension-platforms-heading"
        eyebrow="Platforms"
        title="Works where you watch"
      >
        Install it once and the ratings follow you from catalogue to catalogue.
      </SectionHeading>
      <div className="mt-14 grid gap-6 lg:grid-cols-[0.8fr_1.2fr]">
        <div className="flex flex-col rounded-3xl border border-ink-700 bg-ink-900 p-7 sm:p-8">
          <div className="flex items-center gap-3">
            <BrowserIcon className="size-6 text-gold-400" />
            <h3 className="text-xl font-semibold text-ink-100">Browsers</h3>
          </div>
          <ul className="mt-6 mb-8 space-y-3">
            {browsers.map((browser) => (
              <li
                key={browser}
                className="flex items-center justify-between gap-4 rounded-2xl border border-ink-700 bg-ink-950/60 px-5 py-4"
              >
                <span className="text-lg font-semibold text-ink-100">{browser}</span>
                <span className="rounded-full bg-gold-400/15 px-3 py-1 text-xs font-semibold text-gold-300">
                  Coming soon
                </span>
              </li>
            ))}
          </ul>
          <div className="mt-auto border-t border-ink-700 pt-6">
            <p className="text-sm leading-relaxed text-ink-300">
              It comes to both browsers at once, and early-access members install it first.
            </p>
            <ScrollLink
              to={signupId}
              trackLabel="get-extension-join-early-access"
              className={`mt-5 ${buttonClasses('secondary')}`}
            >
              Join Early Access
              <ArrowDownIcon className="size-4" />
            </ScrollLink>
          </div>
        </div>
        <div className="rounded-3xl border border-ink-700 bg-ink-900 p-7 sm:p-8">
          <div className="flex items-center gap-3">
            <TvIcon className="size-6 text-gold-400" />
            <h3 className="text-xl font-semibold text-ink-100">Streaming sites</h3>
          </div>
          <p className="mt-6 flex items-baseline gap-3">
            <span className="font-display text-7xl leading-none text-gold-400">
              {site.streamingPlatformCount}
            </span>
            <span className="text-lg text-ink-100">major streaming platforms, and others</span>
          </p>
          <ul aria-label="Streaming platforms" className="mt-6 flex flex-wrap gap-2">
            {site.streamingPlatforms.map((platform) => (
              <li
                key={platform}
                className="rounded-full border border-ink-600 px-4 py-2 text-sm font-medium text-ink-100"
              >
                {platform}
              </li>
            ))}
          </ul>
          <p className="mt-5 text-sm leading-relaxed text-ink-300">
            And others: rental and purchase stores, free ad-supported services and broadcasters’ own
            players.
          </p>
        </div>
      </div>
    </section>
  );
}
