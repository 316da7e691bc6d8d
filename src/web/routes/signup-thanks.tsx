import { Spotlight } from '../components/marketing/spotlight.tsx';
import { SignupThanksPanel } from '../features/signup/signup-thanks-panel.tsx';
import { staticPageHandle } from '../lib/hydration.ts';
import { routeMeta } from '../lib/route-meta.ts';
import { pages } from '../route-table.ts';
import { SIGNUP_ACCEPTED_MESSAGE } from '../../contract/signup-types.ts';

export const meta = routeMeta;

// No React in the browser: the page a signup without JavaScript lands on.
export const handle = staticPageHandle;

/** The signup form's thank-you state as a page of its own (after a plain form POST). */
export default function SignupThanks() {
  return (
    <section className="relative isolate overflow-hidden">
      <Spotlight />
      <div className="mx-auto max-w-xl px-4 pt-32 pb-24 sm:px-6 sm:pt-40">
        <p className="text-sm font-semibold tracking-[0.2em] text-gold-400 uppercase">
          Closed alpha
        </p>
        <div className="mt-6">
          <SignupThanksPanel
            heading={<h1 className="text-lg font-semibold text-ink-100">Thanks for signing up!</h1>}
            message={SIGNUP_ACCEPTED_MESSAGE}
            resend={
              <p>
                No mail after a few minutes? Check your spam folder, or sign up again with the same
                address: we send at most one link an hour.
              </p>
            }
            action={
              <a
                href={pages.signup.path}
                className="text-sm font-semibold text-gold-300 underline underline-offset-4 hover:text-gold-400"
              >
                Sign Up Another Email
              </a>
            }
          />
        </div>
      </div>
    </section>
  );
}
