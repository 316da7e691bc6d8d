import type { ReactNode } from 'react';

/**
 * The thank-you state's panel (spec section 4), without the heading: the signup form shows it
 * after a signup with JavaScript, the thank-you page after a plain form POST.
 */
export function SignupThanksPanel({
  heading,
  message,
  action,
}: {
  /** "Thanks for signing up!", as a paragraph in the form and as the page's h1. */
  heading: ReactNode;
  message: string;
  /** The control that returns to an empty form. */
  action: ReactNode;
}) {
  return (
    <div
      className="flex flex-col items-start gap-3 rounded-2xl border border-gold-400/40 bg-ink-900/90 p-5"
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
      {/* The same for every address (the answer never tells who is on the list), so it is
          true for all: a new or unconfirmed address has a confirmation link, others none. */}
      <p className="text-sm leading-relaxed text-ink-300">
        If your address still needs confirming, you’ll find a link from us in your inbox.
      </p>
      {action}
    </div>
  );
}
