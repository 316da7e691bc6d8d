const TYPE_COLOURS: Record<string, string> = {
  CLOSED_ALPHA: 'bg-gold-400/10 text-gold-300',
  BETA: 'bg-sky-400/10 text-sky-300',
  OPEN_BETA: 'bg-emerald-400/10 text-emerald-300',
};
const OTHER_COLOUR = 'bg-ink-700/60 text-ink-300';

/**
 * The signup's programme, underscores shown as spaces, one colour per known value (spec
 * section 2): a small tinted label, quiet beside the address.
 */
export function TypeBadge({ type }: { type: string }) {
  return (
    <span
      data-type={type}
      className={`inline-block rounded-full px-2 py-px text-[11px] leading-4 font-medium tracking-wide whitespace-nowrap ${TYPE_COLOURS[type] ?? OTHER_COLOUR}`}
    >
      {type.replaceAll('_', ' ')}
    </span>
  );
}
