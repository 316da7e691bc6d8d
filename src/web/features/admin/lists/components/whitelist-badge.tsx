/** 'Whitelisted' or 'Not Whitelisted' (spec section 2), after a dot: filled green, or hollow. */
export function WhitelistBadge({ whitelisted }: { whitelisted: boolean }) {
  return (
    <span
      data-whitelisted={whitelisted}
      className={`flex items-center gap-1.5 whitespace-nowrap before:size-1.5 before:shrink-0 before:rounded-full ${
        whitelisted
          ? 'text-ink-100 before:bg-emerald-400'
          : 'text-ink-400 before:border before:border-ink-400'
      }`}
    >
      {whitelisted ? 'Whitelisted' : 'Not Whitelisted'}
    </span>
  );
}
