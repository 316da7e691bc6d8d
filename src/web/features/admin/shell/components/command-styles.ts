/** The command menu's looks, shared by its parts. */

/** What every item shares; the one the arrow keys reached is marked, as the pointer's is. */
const itemBase =
  'flex cursor-pointer items-center rounded-lg px-3 text-ink-100 select-none data-[disabled=true]:cursor-not-allowed data-[disabled=true]:opacity-50 data-[selected=true]:bg-ink-800 data-[selected=true]:outline data-[selected=true]:outline-1 data-[selected=true]:outline-ink-600';

/** An item. */
export const commandItemClass = `${itemBase} gap-3 py-2 text-sm`;

/** An item under another, whose subject it shares: a change to the person above it. */
export const commandSubItemClass = `${itemBase} ml-4 gap-2 py-1.5 text-xs font-semibold`;

/** A few words under or beside an item's name. */
export const commandHintClass = 'text-xs text-ink-300';
