/**
 * What became of a whitelist change, said where the change was made: under the row it concerns
 * (a row of its own, so no column gets wider), or, when that row is not on screen (a bulk
 * change, a filter that hides the row now), in the page's flow above the list. It floats over
 * nothing, so it never covers a row's action; it stays until dismissed or followed by the next
 * change, so nothing moves under the pointer by itself. A change offers Undo, a failure Retry.
 *
 * After an addition focus lands on the notice itself, where Enter does nothing: on the row's
 * new Remove button, a second Enter would take the address off again. Screen readers hear
 * every notice from one polite live region that is always in the page.
 */
import { useEffect, useRef } from 'react';

export interface WhitelistNotice {
  /** Tells one notice from the next, even for the same address. */
  id: number;
  /** The address a row's change concerns; a bulk change has none. */
  email?: string | undefined;
  tone: 'done' | 'failed';
  text: string;
  /** The one follow-up: Undo after a change (absent once undone), Retry after a failure. */
  action?: { label: 'Undo' | 'Retry'; ariaLabel: string; run: () => void } | undefined;
  /** Focus goes to the notice as it shows. */
  takeFocus?: boolean | undefined;
}

const followUp = 'shrink-0 rounded-md px-2 py-0.5 font-semibold text-gold-300 hover:bg-ink-700';

/** The notice's box: its text, its follow-up and Dismiss, side by side from the left. */
export function WhitelistNoticeBox({
  notice,
  onDismiss,
  claimFocus,
  className = '',
}: {
  notice: WhitelistNotice;
  onDismiss: (hadFocus: boolean) => void;
  /** True once per notice that takes focus: a notice moved elsewhere later leaves focus be. */
  claimFocus: (id: number) => boolean;
  className?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice.takeFocus && claimFocus(notice.id)) box.current?.focus();
  }, [notice, claimFocus]);
  const failed = notice.tone === 'failed';
  return (
    <div
      ref={box}
      // Focusable from script only: a place to rest that Enter cannot act on.
      tabIndex={-1}
      data-testid="whitelist-notice"
      data-notice={notice.id}
      data-tone={notice.tone}
      className={`flex min-w-0 items-start gap-2 rounded-r-md border-l-2 py-1 pr-1 pl-2.5 text-sm text-ink-100 outline-none focus-visible:ring-2 focus-visible:ring-gold-300/70 ${
        failed ? 'border-red-400 bg-red-950/40' : 'border-emerald-400 bg-emerald-950/30'
      } ${className}`}
    >
      <span
        aria-hidden="true"
        className={`mt-0.5 text-xs font-bold ${failed ? 'text-red-300' : 'text-emerald-300'}`}
      >
        {failed ? '!' : '✓'}
      </span>
      {/* The words, then the follow-up and Dismiss: on one line when it holds them. */}
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5">
        <p className="min-w-0 py-0.5 [overflow-wrap:anywhere]">{notice.text}</p>
        <div className="-ml-2 flex items-center">
          {notice.action ? (
            <button
              type="button"
              onClick={notice.action.run}
              aria-label={notice.action.ariaLabel}
              className={followUp}
            >
              {notice.action.label}
            </button>
          ) : null}
          <button
            type="button"
            onClick={() => onDismiss(box.current?.contains(document.activeElement) ?? false)}
            aria-label="Dismiss"
            className="shrink-0 rounded-md px-2 py-0.5 text-ink-300 hover:bg-ink-700 hover:text-ink-100"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      </div>
    </div>
  );
}

/** The notice as a row of its own under the row it concerns, across every column. */
export function WhitelistNoticeRow({
  columns,
  ...box
}: Parameters<typeof WhitelistNoticeBox>[0] & { columns: number }) {
  return (
    // Not a row of the list (no person of its own): presentation, so rows are only people.
    // Below 1280 px the lists' rows are blocks (two-line rows, then cards): so is this one.
    <tr
      role="presentation"
      className="max-xl:block sm:max-xl:border-b sm:max-xl:border-ink-800 max-sm:-mt-1 max-sm:mb-2"
    >
      <td
        colSpan={columns}
        className="px-2 pt-0.5 pb-1.5 max-xl:block max-sm:px-0 sm:max-xl:pt-1 xl:border-b xl:border-ink-800 xl:px-3"
      >
        <WhitelistNoticeBox {...box} className="w-fit max-w-full" />
      </td>
    </tr>
  );
}

/**
 * The live region every notice is read from. A notice that takes focus is read there already,
 * so it is not announced twice.
 */
export function WhitelistAnnouncer({ notice }: { notice: WhitelistNotice | null }) {
  return (
    <div role="status" aria-live="polite" className="sr-only">
      {/* Keyed, so the same words twice are read twice. */}
      {notice && !notice.takeFocus ? <p key={notice.id}>{notice.text}</p> : null}
    </div>
  );
}
