/** Escapes a text for use as a literal inside a regular expression. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, (character) => `\\${character}`);
}

/**
 * Puts each value in place of its slot, all slots in one pass. A value goes in as it is: a
 * replacement string would expand `$&`, `` $` ``, `$'`, `$1` and `$$` in it (an address typed
 * as ``a$`b@example.com`` would copy the page before the slot into it), and a value that holds
 * another slot's text is not filled in again.
 */
export function fillSlots(template: string, values: ReadonlyMap<string, string>): string {
  if (values.size === 0) return template;
  // Longest first, so a slot that begins with another slot's text is filled as itself.
  const names = [...values.keys()].sort((a, b) => b.length - a.length);
  const slots = new RegExp(names.map(literal).join('|'), 'g');
  return template.replace(slots, (slot) => values.get(slot)!);
}
