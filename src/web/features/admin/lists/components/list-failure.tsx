/**
 * A list that failed to load: the message where the list would be, with Retry. The rows that
 * loaded last stay below it (the caller keeps them), so a failure never looks like an empty list.
 */
export interface ListFailureState {
  message: string;
  onRetry: () => void;
  /** The retry is under way. */
  retrying: boolean;
  /** Rows from an earlier load are still shown below. */
  keepsRows: boolean;
}

export function ListFailure({ title, failure }: { title: string; failure: ListFailureState }) {
  return (
    <div
      data-testid="list-failure"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-500/60 bg-red-950/40 px-4 py-3 text-sm text-red-100"
    >
      <div className="min-w-0">
        <p className="font-semibold">{title} could not be loaded</p>
        <p className="mt-0.5 break-words text-red-200">{failure.message}</p>
        {failure.keepsRows ? (
          <p className="mt-0.5 text-red-200/80">Showing the last list that loaded.</p>
        ) : null}
      </div>
      <button
        type="button"
        onClick={() => {
          if (!failure.retrying) failure.onRetry();
        }}
        aria-disabled={failure.retrying}
        className="shrink-0 rounded-full border border-red-300/70 px-4 py-1.5 font-semibold text-red-50 transition hover:bg-red-900 aria-disabled:cursor-wait aria-disabled:opacity-60"
      >
        {failure.retrying ? 'Retrying...' : 'Retry'}
      </button>
    </div>
  );
}
