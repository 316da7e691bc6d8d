/** The command menu's looks, shared by its parts. */

/** An item; the one the arrow keys reached is marked, as the pointer's is. */
export const commandItemClass =
  'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-ink-100 select-none data-[disabled=true]:cursor-not-allowed data-[disabled=true]:opacity-50 data-[selected=true]:bg-ink-800 data-[selected=true]:outline data-[selected=true]:outline-1 data-[selected=true]:outline-ink-600';

/** A few words under or beside an item's name. */
export const commandHintClass = 'text-xs text-ink-300';
