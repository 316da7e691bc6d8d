import { Link } from 'react-router';
import { EarlyAccessBenefits } from '../components/marketing/early-access-benefits.tsx';
import { FaqSection } from '../components/marketing/faq-section.tsx';
import { Spotlight } from '../components/marketing/spotlight.tsx';
import { ArrowLeftIcon } from '../components/ui/icons.tsx';
import { Island } from '../features/islands/island.tsx';
import { signupFormIsland } from '../features/signup/signup-form-island.tsx';
import { islandsPageHandle } from '../lib/hydration.ts';
import { routeMeta } from '../lib/route-meta.ts';
import { pages } from '../route-table.ts';
import { signupFaqs } from '../site-config.ts';

export const meta = routeMeta;

/** Only the signup form needs React in the browser (docs/decisions/0028). */
export const handle = islandsPageHandle;

const inlineLink =
  'font-medium text-ink-100 underline decoration-ink-600 underline-offset-4 transition-colors hover:text-gold-300';

export default function Signup() {
  return (
    <>
      <section className="relative isolate overflow-hidden">
        <Spotlight />
        <div className="mx-auto max-w-6xl px-4 pt-28 pb-16 sm:px-6 sm:pt-32 sm:pb-20">
          <Link
            to={pages.home.path}
            className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-ink-300 transition-colors hover:text-gold-300"
          >
            <ArrowLeftIcon className="size-4" />
            Back to Home
          </Link>
          <div className="mt-10 grid items-start gap-12 lg:grid-cols-2 lg:gap-20">
            <div>
              <p className="text-sm font-semibold tracking-[0.2em] text-gold-400 uppercase">
                Closed alpha
              </p>
              <h1 className="mt-4 font-display text-5xl leading-[0.95] tracking-wide text-ink-100 sm:text-6xl lg:text-7xl">
                Join the closed alpha
              </h1>
              <p className="mt-6 text-lg leading-relaxed text-ink-300">
                Get early access to the app and the browser extension. We let people in in waves and
                email your invitation when your spot is ready.
              </p>
              <div className="mt-8">
                <EarlyAccessBenefits />
              </div>
            </div>
            <div className="mx-auto w-full max-w-md lg:mr-0">
              <Island of={signupFormIsland} props={{ signupType: 'general', variant: 'panel' }} />
              <p className="mt-5 text-center text-sm leading-relaxed text-ink-300">
                By signing up you agree to our{' '}
                <Link to={pages.terms.path} className={inlineLink}>
                  Terms of Service
                </Link>{' '}
                and{' '}
                <Link to={pages.privacy.path} className={inlineLink}>
                  Privacy Policy
                </Link>
                .
              </p>
            </div>
          </div>
        </div>
      </section>
      <FaqSection id="faq" faqs={signupFaqs} title="Questions about early access" />
    </>
  );
}
