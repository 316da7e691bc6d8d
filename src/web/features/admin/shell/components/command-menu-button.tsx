/**
 * The command menu's button in the header: the way in by pointer and on a phone, and the hint
 * of its keys (⌘K on a Mac, Ctrl K elsewhere). On a phone it is a whole-width search bar.
 */
function onMac(): boolean {
  return typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);
}

export function CommandMenuButton({
  onOpen,
  wide = false,
  className = '',
}: {
  onOpen: () => void;
  /** The whole width, as a search bar. */
  wide?: boolean;
  className?: string;
}) {
  const mac = onMac();
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-haspopup="dialog"
      aria-keyshortcuts={mac ? 'Meta+K' : 'Control+K'}
      title="Find a person, open a view or start an action"
      className={`items-center gap-2 border border-ink-600 bg-ink-900 text-sm text-ink-300 transition hover:border-gold-400 hover:text-ink-100 ${
        wide ? 'flex w-full rounded-lg px-3 py-2.5' : 'inline-flex rounded-full py-1.5 pr-1.5 pl-3'
      } ${className}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="size-4 shrink-0 fill-none stroke-current stroke-2"
      >
        <circle cx="8.5" cy="8.5" r="5.5" />
        <path d="m13 13 4 4" strokeLinecap="round" />
      </svg>
      {wide ? <span className="flex-1 text-left">Search people, views and actions</span> : 'Search'}
      {wide ? null : (
        <kbd className="rounded-full border border-ink-600 bg-ink-800 px-2 py-0.5 font-sans text-xs text-ink-100">
          {mac ? '⌘K' : 'Ctrl K'}
        </kbd>
      )}
    </button>
  );
}
