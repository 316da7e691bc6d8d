import { useEffect, useRef, useState } from 'react';
import { HONEYPOT_FIELD, type SignupType } from '../../../contract/signup-types.ts';
import { apiUrl } from '../../lib/api.ts';
import { reportError } from '../../lib/error-tracking.ts';
import { trackApiCall, trackClick } from '../../lib/analytics/analytics.ts';
import { SIGNUP_PATH, SignupRequestError, createSignup } from './api/create-signup.ts';
import { signupErrorMessage } from './signup-state.ts';

type ResendState = { status: 'idle' | 'sending' | 'sent' } | { status: 'error'; message: string };

/** Sentences true for every address: nothing here tells who is on the list. */
export const RESEND_HINT = 'No mail after a few minutes? Check your spam folder, or';
export const RESEND_LIMIT = 'We send at most one link an hour, so look out for the first one too.';

/**
 * "Send it again": the same signup once more. The server answers it as any signup, the same
 * way for a new and a known address, and mails a new link only to an unconfirmed address and
 * at most once an hour (decision 0020), so the answer shown is the same whatever it did.
 */
export function SignupResend({ email, signupType }: { email: string; signupType: SignupType }) {
  const [state, setState] = useState<ResendState>({ status: 'idle' });
  const doneRef = useRef<HTMLParagraphElement>(null);
  const errorId = `signup-${signupType}-resend-error`;

  // The button goes away once the request is sent: focus moves to what replaced it.
  useEffect(() => {
    if (state.status === 'sent') doneRef.current?.focus();
  }, [state.status]);

  async function resend() {
    if (state.status === 'sending') return;
    setState({ status: 'sending' });
    trackClick(`email_signup:${signupType}:resend`, apiUrl(SIGNUP_PATH));
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const result = await createSignup({ email, signupType, [HONEYPOT_FIELD]: '' });
      trackApiCall('signup', elapsed(), result.status);
      setState({ status: 'sent' });
    } catch (error) {
      if (error instanceof SignupRequestError) trackApiCall('signup', elapsed(), error.status);
      reportError(error, 'email_signup', 'resend_error');
      setState({ status: 'error', message: signupErrorMessage(error) });
    }
  }

  return (
    <div data-testid="signup-resend">
      {state.status === 'sent' ? (
        <p ref={doneRef} tabIndex={-1} className="outline-none">
          Asked again for <span className="wrap-anywhere text-ink-300">{email}</span>.{' '}
          {RESEND_LIMIT}
        </p>
      ) : (
        <p>
          {RESEND_HINT}{' '}
          <button
            type="button"
            onClick={() => void resend()}
            // Not `disabled`: the button keeps the focus while the request is under way.
            aria-disabled={state.status === 'sending' || undefined}
            aria-describedby={state.status === 'error' ? errorId : undefined}
            data-testid="signup-resend-button"
            className="font-semibold text-gold-300 underline underline-offset-4 hover:text-gold-400 aria-disabled:cursor-progress"
          >
            send it again
          </button>
          .
        </p>
      )}
      <div role="status">
        {state.status === 'error' ? (
          <p id={errorId} className="mt-2 font-medium text-error">
            {state.message}
          </p>
        ) : null}
      </div>
    </div>
  );
}
