const TYPE_COLOURS: Record<string, string> = {
  CLOSED_ALPHA: 'border-gold-400/60 bg-gold-400/15 text-gold-300',
  BETA: 'border-sky-400/60 bg-sky-400/15 text-sky-200',
  OPEN_BETA: 'border-emerald-400/60 bg-emerald-400/15 text-emerald-200',
};
const OTHER_COLOUR = 'border-ink-600 bg-ink-700 text-ink-100';

/** The signup's programme, underscores shown as spaces, one colour per known value. */
export function TypeBadge({ type }: { type: string }) {
  return (
    <span
      data-type={type}
      className={`inline-block rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${TYPE_COLOURS[type] ?? OTHER_COLOUR}`}
    >
      {type.replaceAll('_', ' ')}
    </span>
  );
}
