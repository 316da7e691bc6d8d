import { Spotlight } from '../components/marketing/spotlight.tsx';
import { staticPageHandle } from '../lib/hydration.ts';
import { routeMeta } from '../lib/route-meta.ts';
import { pages } from '../route-table.ts';
import { SIGNUP_FORM_ACTION, SIGNUP_PROBLEM_SLOTS } from '../../contract/signup-form-post.ts';
import { HONEYPOT_FIELD } from '../../contract/signup-types.ts';

export const meta = routeMeta;

// No React in the browser: the server fills this page's slots and sends it (never at its own
// address) when a signup without JavaScript is refused.
export const handle = staticPageHandle;

/**
 * The signup form in its error state, as a page: the server's answer to a refused plain form
 * POST, with the spec's message, the address as typed and the same form's type.
 */
export default function SignupProblem() {
  return (
    <section className="relative isolate overflow-hidden">
      <Spotlight />
      <div className="mx-auto max-w-xl px-4 pt-32 pb-24 sm:px-6 sm:pt-40">
        <p className="text-sm font-semibold tracking-[0.2em] text-gold-400 uppercase">
          Closed alpha
        </p>
        <h1 className="mt-4 font-display text-5xl leading-[0.95] tracking-wide text-ink-100 sm:text-6xl">
          Join the closed alpha
        </h1>
        <form
          method="post"
          action={SIGNUP_FORM_ACTION}
          noValidate
          className="relative mt-8"
          data-testid="signup-form"
        >
          <input type="hidden" name="signupType" value={SIGNUP_PROBLEM_SLOTS.signupType} />
          <label htmlFor="signup-email" className="mb-2 block text-sm font-medium text-ink-100">
            Email address
          </label>
          <div className="flex flex-col gap-3" data-signup-row="">
            <div>
              <input
                id="signup-email"
                type="email"
                name="email"
                required
                autoComplete="email"
                spellCheck={false}
                placeholder="you@example.com"
                defaultValue={SIGNUP_PROBLEM_SLOTS.email}
                aria-invalid="true"
                aria-describedby="signup-error"
                data-testid="signup-email"
                className="h-12 w-full min-w-0 rounded-full border border-error bg-ink-950/70 px-5 text-base text-ink-100 placeholder:text-ink-400 focus-visible:outline-error"
              />
              {/* Under the field it is about, before the button. */}
              <p
                id="signup-error"
                role="alert"
                data-testid="signup-error"
                className="mt-2 px-1 text-sm font-medium text-error"
              >
                {SIGNUP_PROBLEM_SLOTS.message}
              </p>
            </div>
            <button
              type="submit"
              data-testid="signup-submit"
              data-signup-submit=""
              className="inline-flex h-12 w-full items-center justify-center rounded-full bg-gold-400 px-6 font-semibold text-ink-950 transition-colors hover:bg-gold-300"
            >
              Join Early Access
            </button>
          </div>
          <div
            aria-hidden="true"
            className="absolute top-auto left-[-10000px] size-px overflow-hidden"
          >
            <label htmlFor={`signup-${HONEYPOT_FIELD}`}>Website</label>
            <input
              id={`signup-${HONEYPOT_FIELD}`}
              type="text"
              name={HONEYPOT_FIELD}
              tabIndex={-1}
              autoComplete="off"
              defaultValue=""
            />
          </div>
        </form>
        <p className="mt-8 text-sm text-ink-300">
          <a
            href={pages.home.path}
            className="font-medium text-ink-100 underline decoration-ink-600 underline-offset-4 hover:text-gold-300"
          >
            Back to Home
          </a>
        </p>
      </div>
    </section>
  );
}
