/** Beside a button whose page is a waitlist, so nobody expects a download behind it. */
export function ComingSoonNote({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 text-sm text-ink-300 ${className}`}>
      <span aria-hidden="true" className="size-1.5 shrink-0 rounded-full bg-gold-400" />
      Coming soon · join the waitlist
    </span>
  );
}
