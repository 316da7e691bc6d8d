import { site } from '../../site-config.ts';

/** The mark: a film frame with a rising score bar, drawn in SVG, followed by the name. */
export function Logo({ className = '' }: { className?: string }) {
  return (
    <span className={`flex items-center gap-2 ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
        <rect x="2" y="5" width="28" height="22" rx="5" fill="#ffc94d" />
        <rect x="6" y="9" width="20" height="14" rx="2" fill="#07080c" />
        <rect x="9" y="17" width="3" height="4" rx="1" fill="#5cc8ff" />
        <rect x="14.5" y="14" width="3" height="7" rx="1" fill="#ffc94d" />
        <rect x="20" y="11" width="3" height="10" rx="1" fill="#ff6b5c" />
      </svg>
      <span className="font-display text-2xl tracking-wide text-ink-100">{site.name}</span>
    </span>
  );
}
