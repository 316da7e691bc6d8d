export function WhitelistBadge({ whitelisted }: { whitelisted: boolean }) {
  return (
    <span
      className={`inline-block rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${
        whitelisted
          ? 'border-emerald-400/60 bg-emerald-400/15 text-emerald-200'
          : 'border-ink-600 bg-ink-800 text-ink-300'
      }`}
    >
      {whitelisted ? 'Whitelisted' : 'Not Whitelisted'}
    </span>
  );
}
