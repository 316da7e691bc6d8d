/** The signed-out state of /admin (spec section 2): 'Access Denied' and the sign-in button. */
export function SignInPanel({
  message,
  signingIn,
  onSignIn,
}: {
  message?: string;
  signingIn?: boolean;
  onSignIn: () => void;
}) {
  return (
    <section
      aria-labelledby="admin-access-title"
      className="mx-auto max-w-md rounded-2xl border border-ink-700 bg-ink-900 p-8 text-center"
    >
      <h1 id="admin-access-title" className="font-display text-4xl tracking-wide text-ink-100">
        Access Denied
      </h1>
      <p className="mt-3 text-ink-300">
        You must be authenticated as an admin to access this page.
      </p>
      {message ? (
        <p
          role="alert"
          className="mt-4 rounded-md border border-red-500/60 bg-red-950/60 p-3 text-sm text-red-100"
        >
          {message}
        </p>
      ) : null}
      <button
        type="button"
        onClick={onSignIn}
        disabled={signingIn}
        className="mt-6 inline-flex items-center justify-center rounded-full bg-gold-400 px-6 py-3 font-semibold text-ink-950 transition hover:bg-gold-300 disabled:cursor-wait disabled:opacity-70"
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
