import { Link } from 'react-router';
import { EarlyAccessBenefits } from '../components/marketing/early-access-benefits.tsx';
import { FaqSection } from '../components/marketing/faq-section.tsx';
import { Spotlight } from '../components/marketing/spotlight.tsx';
import { ArrowLeftIcon } from '../components/ui/icons.tsx';
import { Island } from '../lib/island.tsx';
import { signupFormIsland } from '../features/signup/signup-form-island.tsx';
import { islandsPageHandle } from '../lib/hydration.ts';
import { routeMeta } from '../lib/route-meta.ts';
import { pages } from '../route-table.ts';
import { signupFaqs } from '../site-config.ts';

export const meta = routeMeta;

/** Only the signup form needs React in the browser (docs/decisions/0028). */
export const handle = islandsPageHandle;

/**
 * On a phone the form comes right after the heading and the lead, so the field and the button
 * are on the first screen (360 x 640); what early access includes follows it. From `lg` the
 * intro and the list share the left column and the form stands beside them.
 */
export default function Signup() {
  return (
    <>
      <section className="relative isolate overflow-hidden">
        <Spotlight />
        <div className="mx-auto max-w-6xl px-4 pt-22 pb-16 sm:px-6 sm:pt-32 sm:pb-20">
          <Link
            to={pages.home.path}
            className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-ink-300 transition-colors hover:text-gold-300"
          >
            <ArrowLeftIcon className="size-4" />
            Back to Home
          </Link>
          <div className="mt-6 grid items-start gap-8 sm:mt-10 lg:grid-cols-2 lg:grid-rows-[auto_1fr] lg:gap-x-20 lg:gap-y-8">
            <div className="lg:col-start-1 lg:row-start-1">
              <p className="text-sm font-semibold tracking-[0.2em] text-gold-400 uppercase">
                Closed alpha
              </p>
              <h1 className="mt-3 font-display text-5xl leading-[0.95] tracking-wide text-ink-100 sm:mt-4 sm:text-6xl lg:text-7xl">
                Join the closed alpha
              </h1>
              <p className="mt-4 text-base leading-relaxed text-ink-300 sm:mt-6 sm:text-lg">
                Get early access to the app and the browser extension. We invite people in waves and
                email you when your spot is ready.
              </p>
            </div>
            <div className="mx-auto w-full max-w-md lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:mr-0">
              <Island
                of={signupFormIsland}
                props={{
                  signupType: 'general',
                  variant: 'panel',
                  legalLinks: { terms: pages.terms.path, privacy: pages.privacy.path },
                }}
              />
            </div>
            <div className="lg:col-start-1 lg:row-start-2">
              <h2 className="text-sm font-semibold tracking-wider text-ink-100 uppercase">
                What early access includes
              </h2>
              <div className="mt-4">
                <EarlyAccessBenefits />
              </div>
            </div>
          </div>
        </div>
      </section>
      <FaqSection id="faq" faqs={signupFaqs} title="Questions about early access" />
    </>
  );
}
