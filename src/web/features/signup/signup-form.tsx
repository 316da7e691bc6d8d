import { useEffect, useReducer, useRef, useSyncExternalStore, type FormEvent } from 'react';
import { SIGNUP_FORM_ACTION } from '../../../contract/signup-form-post.ts';
import { HONEYPOT_FIELD, REFERRAL_FIELD, type SignupType } from '../../../contract/signup-types.ts';
import { apiUrl } from '../../lib/api.ts';
import { reportError } from '../../lib/error-tracking.ts';
import { trackApiCall, trackClick, trackFormSubmit } from '../../lib/analytics/analytics.ts';
import { SIGNUP_PATH, SignupRequestError, createSignup } from './api/create-signup.ts';
import { referralFromUrl } from './referral.ts';
import { SignupResend } from './signup-resend.tsx';
import { SignupThanksPanel } from './signup-thanks-panel.tsx';
import {
  canSubmit,
  cleanEmail,
  initialSignupState,
  isSubmittableEmail,
  signupErrorMessage,
  signupReducer,
} from './signup-state.ts';

export interface SignupFormProps {
  /** Which of the site's forms this is; recorded with the signup. */
  signupType: SignupType;
  /** Visual variant: 'hero' sits on the hero, 'panel' in a section of its own. */
  variant?: 'hero' | 'panel';
  /** Text on the submit button. */
  submitLabel?: string;
  /**
   * Where "By signing up you agree to our Terms of Service and Privacy Policy" links, shown
   * under the form (and gone with it once the person has signed up).
   */
  legalLinks?: { terms: string; privacy: string };
}

/** The analytics label of every signup form's events (spec section 8). */
const FORM_LABEL = 'email_signup';

const noSubscription = () => () => {};

function errorType(error: unknown): string {
  if (!(error instanceof SignupRequestError)) return 'javascript_error';
  return error.status === 0 ? 'network_error' : 'api_error';
}

const styles = {
  hero: {
    root: 'w-full max-w-xl',
    // Side by side from `sm`, tops aligned: a message under the field leaves the button where it is.
    row: 'flex flex-col gap-3 sm:flex-row sm:items-start',
    label: 'sr-only',
    // Grows only in the row layout; in a column, flex-basis 0 would collapse its height.
    field: 'sm:flex-1',
    button: 'sm:w-auto',
  },
  panel: {
    // No frame of its own: pages place it in their own panel or band.
    root: 'w-full',
    row: 'flex flex-col gap-3',
    label: 'mb-2 block text-sm font-medium text-ink-100',
    field: '',
    button: 'w-full',
  },
} as const;

const inlineLink =
  'font-medium text-ink-100 underline decoration-ink-600 underline-offset-4 transition-colors hover:text-gold-300';

/** The referral code as the signup sends it: only when there is one. */
function referralField(code: string | undefined): { [REFERRAL_FIELD]?: string } {
  return code ? { [REFERRAL_FIELD]: code } : {};
}

/** Whether the server refused the address itself (400), rather than the request failing. */
function refusedAddress(error: unknown): boolean {
  return error instanceof SignupRequestError && error.status === 400;
}

/** The early-access signup form used by every form type. */
export function SignupForm({
  signupType,
  variant = 'panel',
  submitLabel = 'Join Early Access',
  legalLinks,
}: SignupFormProps) {
  const [state, dispatch] = useReducer(signupReducer, initialSignupState);
  // A page holds one form of each type. Ids from the type, not useId(), are the same when the
  // form hydrates on its own as an island (the home page) as in the whole-page prerender.
  const id = `signup-${signupType}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const referralRef = useRef<HTMLInputElement>(null);
  const thanksRef = useRef<HTMLParagraphElement>(null);
  const focusNext = useRef<'input' | 'thanks' | null>(null);
  const inFlight = useRef(false);
  const look = styles[variant];
  // Until React runs, the form is a plain POST (the server answers with a page), so the button
  // is enabled in the prerendered HTML; the empty-field rule applies once the page hydrates.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  // Focus follows the state: to the thank-you text on success, back to the field otherwise.
  // The code of the link the person came by rides the form too (the server fills it for a
  // page without JavaScript).
  useEffect(() => {
    const code = referralFromUrl();
    if (code && referralRef.current) referralRef.current.value = code;
  }, []);

  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'input') inputRef.current?.focus();
    if (target === 'thanks') thanksRef.current?.focus();
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const email = cleanEmail(state.email);
    trackClick(`${FORM_LABEL}:${signupType}`, apiUrl(SIGNUP_PATH));
    if (!isSubmittableEmail(email)) {
      focusNext.current = 'input';
      dispatch({ type: 'invalid' });
      return;
    }

    inFlight.current = true;
    dispatch({ type: 'submit' });
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const result = await createSignup({
        email,
        signupType,
        [HONEYPOT_FIELD]: honeypotRef.current?.value ?? '',
        ...referralField(referralRef.current?.value || referralFromUrl()),
      });
      trackApiCall('signup', elapsed(), result.status);
      trackFormSubmit(FORM_LABEL, true);
      focusNext.current = 'thanks';
      dispatch({ type: 'succeed', message: result.body.message, email });
    } catch (error) {
      if (error instanceof SignupRequestError) trackApiCall('signup', elapsed(), error.status);
      reportError(error, FORM_LABEL, errorType(error));
      trackFormSubmit(FORM_LABEL, false);
      focusNext.current = 'input';
      dispatch({
        type: 'fail',
        message: signupErrorMessage(error),
        invalidEmail: refusedAddress(error),
      });
    } finally {
      inFlight.current = false;
    }
  }

  function signUpAnother() {
    focusNext.current = 'input';
    dispatch({ type: 'reset' });
  }

  const inputId = `${id}-email`;
  const errorId = `${id}-error`;
  const loading = state.status === 'loading';
  const showError = state.status === 'error';

  return (
    <div
      className={`relative ${look.root}`}
      data-testid="signup"
      data-state={state.status}
      data-signup-type={signupType}
    >
      {state.status === 'success' ? (
        <SignupThanksPanel
          heading={
            <p
              ref={thanksRef}
              tabIndex={-1}
              className="text-lg font-semibold text-ink-100 outline-none"
            >
              Thanks for signing up!
            </p>
          }
          message={state.successMessage}
          email={state.signedUpEmail}
          resend={<SignupResend email={state.signedUpEmail} signupType={signupType} />}
          action={
            <button
              type="button"
              onClick={signUpAnother}
              className="text-sm font-semibold text-gold-300 underline underline-offset-4 hover:text-gold-400"
            >
              Sign Up Another Email
            </button>
          }
        />
      ) : (
        <>
          <form
            method="post"
            action={SIGNUP_FORM_ACTION}
            noValidate
            aria-busy={loading}
            data-testid="signup-form"
            onSubmit={(event) => void submit(event)}
          >
            <label htmlFor={inputId} className={look.label}>
              Email address
            </label>
            <div className={look.row} data-signup-row="">
              <div className={look.field}>
                <input
                  ref={inputRef}
                  id={inputId}
                  type="email"
                  name="email"
                  required
                  autoComplete="email"
                  enterKeyHint="send"
                  spellCheck={false}
                  placeholder="you@example.com"
                  value={state.email}
                  readOnly={loading}
                  aria-invalid={state.invalidEmail || undefined}
                  aria-describedby={showError ? errorId : undefined}
                  onChange={(event) => dispatch({ type: 'edit', email: event.target.value })}
                  data-testid="signup-email"
                  className="h-12 w-full min-w-0 rounded-full border border-ink-600 bg-ink-950/70 px-5 text-base text-ink-100 transition-colors placeholder:text-ink-400 hover:border-ink-400 focus-visible:border-gold-400 aria-invalid:border-error aria-invalid:focus-visible:border-error aria-invalid:focus-visible:outline-error"
                />
                {/* Directly under the field it is about: the error (its description), and the
                    loading state for screen readers. Success is announced by moving focus to
                    the thank-you text. */}
                <div role="status" data-testid="signup-status">
                  {loading ? <p className="sr-only">Signing you up…</p> : null}
                  {showError ? (
                    <p
                      id={errorId}
                      data-testid="signup-error"
                      className="mt-2 flex items-start gap-2 px-1 text-sm font-medium text-error"
                    >
                      <svg
                        viewBox="0 0 20 20"
                        fill="currentColor"
                        aria-hidden="true"
                        className="mt-px size-4 shrink-0"
                      >
                        <path
                          fillRule="evenodd"
                          d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm-.75-11.5a.75.75 0 0 1 1.5 0v4a.75.75 0 0 1-1.5 0v-4ZM10 14.5a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z"
                          clipRule="evenodd"
                        />
                      </svg>
                      <span>{state.errorMessage}</span>
                    </p>
                  ) : null}
                </div>
              </div>
              <button
                type="submit"
                disabled={hydrated && !canSubmit(state)}
                data-testid="signup-submit"
                data-signup-submit=""
                className={`inline-flex h-12 shrink-0 items-center justify-center gap-2 rounded-full bg-gold-400 px-6 font-semibold text-ink-950 transition-colors hover:bg-gold-300 ${look.button}`}
              >
                {loading ? (
                  <svg
                    viewBox="0 0 24 24"
                    fill="none"
                    aria-hidden="true"
                    className="size-4 animate-spin"
                  >
                    <circle
                      cx="12"
                      cy="12"
                      r="9"
                      stroke="currentColor"
                      strokeOpacity="0.3"
                      strokeWidth="3"
                    />
                    <path
                      d="M21 12a9 9 0 0 0-9-9"
                      stroke="currentColor"
                      strokeWidth="3"
                      strokeLinecap="round"
                    />
                  </svg>
                ) : null}
                {submitLabel}
              </button>
            </div>

            <input type="hidden" name="signupType" value={signupType} />
            <input ref={referralRef} type="hidden" name={REFERRAL_FIELD} defaultValue="" />

            {/* Honeypot: people never see or reach it; form-filling bots do and are dropped. */}
            <div
              aria-hidden="true"
              className="absolute top-auto left-[-10000px] size-px overflow-hidden"
            >
              <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>Website</label>
              <input
                ref={honeypotRef}
                id={`${id}-${HONEYPOT_FIELD}`}
                type="text"
                name={HONEYPOT_FIELD}
                tabIndex={-1}
                autoComplete="off"
                defaultValue=""
              />
            </div>
          </form>
          {legalLinks ? (
            <p className="mt-5 text-center text-sm leading-relaxed text-ink-300">
              By signing up you agree to our{' '}
              <a href={legalLinks.terms} className={inlineLink}>
                Terms of Service
              </a>{' '}
              and{' '}
              <a href={legalLinks.privacy} className={inlineLink}>
                Privacy Policy
              </a>
              .
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
