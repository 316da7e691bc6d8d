import type { ReactNode } from 'react';

/**
 * The thank-you state's panel (spec section 4): the signup form shows it after a signup with
 * JavaScript, the thank-you page after a plain form POST. It says what happens next in the same
 * words for every address (the answer never tells who is on the list): a new or unconfirmed
 * address gets a link to confirm it, and someone who confirmed before knows it.
 */
export function SignupThanksPanel({
  heading,
  message,
  email,
  resend,
  action,
}: {
  /** "Thanks for signing up!", as a paragraph in the form and as the page's h1. */
  heading: ReactNode;
  /** The server's confirmation. */
  message: string;
  /** The address as it was signed up; unknown on the page a plain form POST lands on. */
  email?: string;
  /** How to ask for the mail again. */
  resend: ReactNode;
  /** The control that returns to an empty form. */
  action: ReactNode;
}) {
  return (
    <div
      className="flex flex-col items-start gap-4 rounded-2xl border border-gold-400/40 bg-ink-900/90 p-5 sm:p-6"
      data-testid="signup-success"
    >
      <div className="flex items-center gap-3">
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-gold-400 text-ink-950">
          <svg viewBox="0 0 20 20" fill="none" aria-hidden="true" className="size-5">
            <path
              d="m5 10.5 3.2 3.2L15 7"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </span>
        {heading}
      </div>
      <p className="text-sm leading-relaxed text-ink-300">{message}</p>
      <div
        // A box of its own where there is room; on a phone, inside a page's panel, a rule.
        className="w-full border-t border-ink-700 pt-4 sm:rounded-xl sm:border sm:bg-ink-950/60 sm:p-4"
        data-testid="signup-next-step"
      >
        <p className="flex items-start gap-2 text-sm font-semibold text-ink-100">
          <svg
            viewBox="0 0 20 20"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            aria-hidden="true"
            className="size-5 shrink-0 text-gold-400"
          >
            <rect x="2.5" y="4.5" width="15" height="11" rx="2" />
            <path d="m3.5 6 6.5 5 6.5-5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          One more step: confirm your address
        </p>
        <p className="mt-2 text-sm leading-relaxed text-ink-300">
          We’re sending a link to{' '}
          {email ? (
            <strong className="font-semibold wrap-anywhere text-ink-100">{email}</strong>
          ) : (
            'the address you entered'
          )}
          . Open it within 7 days to keep your place in line.
        </p>
        <div className="mt-3 text-sm leading-relaxed text-ink-400">
          {resend}
          <p className="mt-2">Confirmed this address before? Then you’re all set.</p>
        </div>
      </div>
      {action}
    </div>
  );
}
