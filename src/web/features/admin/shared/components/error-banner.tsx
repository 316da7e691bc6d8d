/** The dismissible red banner with the last error (spec section 2). */
export function ErrorBanner({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <div
      role="alert"
      className="mt-6 flex items-start justify-between gap-4 rounded-lg border border-red-500/70 bg-red-950/70 p-4 text-red-100"
    >
      <div>
        <p className="font-semibold">Error</p>
        <p className="mt-1 text-sm">{message}</p>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss error"
        className="rounded-md px-2 py-1 text-lg leading-none text-red-100 hover:bg-red-900"
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}
