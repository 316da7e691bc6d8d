/**
 * The short confirmation after a whitelist change, with Undo. It sits in a polite live region
 * that is always in the page, so screen readers announce each new text. It leaves by itself
 * after ten seconds, but never while the pointer or the keyboard focus is inside it.
 */
import { useEffect, useState } from 'react';

export interface WhitelistNotice {
  /** Tells one notice from the next, even for the same address. */
  id: number;
  text: string;
  /** Reverses the change; absent once undone. */
  undo?: () => void;
  undoLabel?: string;
}

const SHOWN_MS = 10_000;

export function WhitelistToast({
  notice,
  onDismiss,
}: {
  notice: WhitelistNotice | null;
  onDismiss: () => void;
}) {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!notice || held) return;
    const timer = window.setTimeout(onDismiss, SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [notice, held, onDismiss]);

  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-40 flex justify-center px-4 sm:justify-end sm:px-6"
    >
      {notice ? (
        <div
          key={notice.id}
          data-testid="whitelist-toast"
          className="pointer-events-auto flex max-w-full items-center gap-3 rounded-lg border border-ink-600 bg-ink-800 py-2 pr-2 pl-4 text-sm text-ink-100 shadow-lg shadow-black/40"
          onPointerEnter={() => setHeld(true)}
          onPointerLeave={() => setHeld(false)}
          onFocus={() => setHeld(true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget)) setHeld(false);
          }}
        >
          <p className="min-w-0 truncate" title={notice.text}>
            {notice.text}
          </p>
          {notice.undo ? (
            <button
              type="button"
              onClick={notice.undo}
              aria-label={notice.undoLabel}
              className="shrink-0 rounded-md px-2 py-1 font-semibold text-gold-300 hover:bg-ink-700"
            >
              Undo
            </button>
          ) : null}
          <button
            type="button"
            onClick={onDismiss}
            aria-label="Dismiss"
            className="shrink-0 rounded-md px-2 py-1 text-ink-300 hover:bg-ink-700 hover:text-ink-100"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      ) : null}
    </div>
  );
}
