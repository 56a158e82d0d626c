/**
 * AllowOverride as httpd's set_override reads it (core.c, 2.2 and 2.4 alike; semantics §1.9): its words
 * left to right, `None` and `All` replacing what came before and each category adding to it, so
 * `AllowOverride None Limit` grants Limit and `AllowOverride Limit None` grants nothing.
 */

const CATEGORIES = ['authconfig', 'fileinfo', 'indexes', 'limit', 'options'] as const;

/**
 * The override categories an AllowOverride line's words grant, lower case; `All` grants every one and is
 * listed as `all` too. Empty: nothing is granted (None), and httpd does not open the files under it unless
 * an AllowOverrideList names directives. `Options=…` grants Options; `Nonfatal=…` and words httpd refuses
 * ("Illegal override option") grant nothing.
 */
export function overrideCategories(words: readonly string[]): Set<string> {
  let out = new Set<string>();
  for (const word of words) {
    const w = word.toLowerCase();
    if (w === 'none') out = new Set();
    else if (w === 'all') out = new Set(['all', ...CATEGORIES]);
    else if ((CATEGORIES as readonly string[]).includes(w)) out.add(w);
    else if (w.startsWith('options=')) out.add('options');
  }
  return out;
}
