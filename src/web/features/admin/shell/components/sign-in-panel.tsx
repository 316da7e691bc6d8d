/**
 * The signed-out state of /admin (spec section 2): 'Access Denied' and the sign-in button. After
 * a refused account it names the account in one notice (with the spec's denial) and offers to
 * sign in with another: the sign-in window lets the person choose it.
 */
export function SignInPanel({
  message,
  refused,
  signingIn,
  onSignIn,
}: {
  message?: string | undefined;
  /** The account that was turned away. */
  refused?: string | undefined;
  signingIn?: boolean | undefined;
  onSignIn: () => void;
}) {
  return (
    <section
      aria-labelledby="admin-access-title"
      className="mx-auto max-w-md rounded-2xl border border-ink-700 bg-ink-900 p-6 text-center sm:p-8"
    >
      <h1 id="admin-access-title" className="font-display text-4xl tracking-wide text-ink-100">
        Access Denied
      </h1>
      <p className="mt-3 text-ink-300">
        You must be authenticated as an admin to access this page.
      </p>
      {message ? (
        <div
          role="alert"
          className="mt-5 rounded-lg border border-red-500/60 bg-red-950/60 p-3 text-left text-sm text-red-100"
        >
          {refused ? (
            <p className="font-semibold">
              <span className="[overflow-wrap:anywhere]">{refused}</span> is not allowed to use the
              admin dashboard.
            </p>
          ) : null}
          <p className={refused ? 'mt-1 text-red-200' : undefined}>{message}</p>
        </div>
      ) : null}
      {refused ? (
        <p className="mt-5 text-sm text-ink-300">To continue, sign in with another account.</p>
      ) : null}
      <button
        type="button"
        onClick={onSignIn}
        disabled={signingIn}
        className={`${refused ? 'mt-3' : 'mt-6'} inline-flex items-center justify-center rounded-full bg-gold-400 px-6 py-3 font-semibold text-ink-950 transition hover:bg-gold-300 disabled:cursor-wait disabled:opacity-70`}
      >
        Sign In with Google
      </button>
      {signingIn ? (
        <p role="status" className="mt-3 text-sm text-ink-300">
          Finish signing in in the pop-up window.
        </p>
      ) : null}
    </section>
  );
}
