import { pages } from '../../route-table.ts';
import { Island } from '../../lib/island.tsx';
import { signupFormIsland } from '../../features/signup/signup-form-island.tsx';
import { ButtonLink } from '../ui/button-link.tsx';
import { ComingSoonNote } from '../ui/coming-soon-note.tsx';
import { BrowserIcon, PhoneIcon, PlayIcon } from '../ui/icons.tsx';
import { ScrollLink } from '../ui/scroll-link.tsx';
import { PhoneScanMockup } from './phone-scan-mockup.tsx';
import { ProductSummary } from './product-summary.tsx';
import { Spotlight } from './spotlight.tsx';
import { ratingNames } from './rating-names.ts';

export const DEMO_SECTION_ID = 'demo';

/** The home page's first screen: the promise, the early-access form and the two products. */
export function HomeHero() {
  return (
    <section className="relative isolate overflow-hidden">
      <Spotlight />
      <div className="mx-auto grid max-w-6xl items-center gap-14 px-4 pt-32 pb-16 sm:px-6 sm:pt-40 lg:grid-cols-[1.3fr_0.7fr] lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-gold-400/30 bg-gold-400/10 px-3 py-1 text-sm font-medium text-gold-300">
            <span aria-hidden="true" className="size-1.5 rounded-full bg-gold-400" />
            Closed alpha · Free early access
          </p>
          <h1 className="mt-6 font-display text-6xl leading-[0.9] tracking-wide text-ink-100 sm:text-7xl lg:text-[5rem]">
            Know the score <span className="text-gold-400 sm:block">before you press play</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-ink-300">
            Point your phone at any movie title, on a poster, a TV screen, a billboard or a
            magazine, and see its{' '}
            <strong className="font-semibold text-community">{ratingNames.community}</strong> and{' '}
            <strong className="font-semibold text-critics">{ratingNames.critics}</strong> in under 2
            seconds.
          </p>

          <div className="mt-8 max-w-lg">
            <Island of={signupFormIsland} props={{ signupType: 'hero-top', variant: 'hero' }} />
          </div>

          <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
            <ButtonLink to={pages.getApp.path} trackLabel="hero-get-app" variant="secondary">
              <PhoneIcon className="size-4" />
              Get the App
            </ButtonLink>
            <ButtonLink
              to={pages.getExtension.path}
              trackLabel="hero-get-extension"
              variant="secondary"
            >
              <BrowserIcon className="size-4" />
              Get Browser Extension
            </ButtonLink>
            <ComingSoonNote />
          </div>
          <ScrollLink
            to={DEMO_SECTION_ID}
            trackLabel="hero-see-it-in-action"
            className="mt-6 inline-flex items-center gap-2 rounded-md text-sm font-semibold text-gold-400 transition-colors hover:text-gold-300"
          >
            <PlayIcon className="size-5" />
            See it in action
          </ScrollLink>
        </div>

        <div className="flex justify-center lg:justify-end">
          <div className="relative isolate">
            <div
              aria-hidden="true"
              className="absolute inset-x-4 top-1/4 -z-10 h-1/2 rounded-full bg-gold-400/15 blur-3xl"
            />
            <PhoneScanMockup className="h-auto w-64 drop-shadow-2xl sm:w-72 lg:w-80" />
          </div>
        </div>
      </div>
      <ProductSummary />
    </section>
  );
}
