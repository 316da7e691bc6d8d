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
  return template.replace(slotPattern([...values.keys()]), (slot) => values.get(slot)!);
}

/** Callers fill the same few sets of slots over and over (a mail a recipient): one pattern each. */
const patterns = new Map<string, RegExp>();
const MAX_PATTERNS = 256;

function slotPattern(names: string[]): RegExp {
  const key = JSON.stringify(names);
  let pattern = patterns.get(key);
  if (!pattern) {
    // Longest first, so a slot that begins with another slot's text is filled as itself.
    const longestFirst = [...names].sort((a, b) => b.length - a.length);
    pattern = new RegExp(longestFirst.map(literal).join('|'), 'g');
    if (patterns.size >= MAX_PATTERNS) patterns.clear();
    patterns.set(key, pattern);
  }
  return pattern;
}
