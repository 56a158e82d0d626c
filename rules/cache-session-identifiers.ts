import { defineRule } from '../src/engine/rule.js';
import { readBy24 } from '../src/rules-kit/reach.js';

/** Session identifiers seen in URLs in the wild; a partial value in 2.2 also caught these. Examples, not a complete list. */
export const KNOWN_SESSION_IDS = [
  'jsessionid', 'JSESSIONID', 'phpsessid', 'PHPSESSID', 'sid', 'sessionid', 'session_id', 'sessid', 'sess_id',
  'aspsessionid', 'ASPSESSIONID', 'cfid', 'cftoken', 'CFID', 'CFTOKEN', 'osCsid', 'zenid',
];

/** The known identifiers that contain `value` as a proper part, and that the directive does not list already. */
export function widerIdentifiers(value: string, listed: readonly string[]): string[] {
  if (value.length === 0) return [];
  return KNOWN_SESSION_IDS.filter((id) => id !== value && id.includes(value) && !listed.includes(id));
}

export default defineRule({
  meta: {
    id: 'cache-session-identifiers',
    description: 'Report CacheIgnoreURLSessionIdentifiers values that 2.2 matched as part of longer identifiers.',
    row: 'Per-module behavior changes: mod_cache CacheIgnoreURLSessionIdentifiers matches the whole identifier',
    kind: 'report',
  },
  create(context) {
    return {
      'Directive:cacheignoreurlsessionidentifiers'(node, ancestors) {
        if (!readBy24(ancestors)) return;
        const values = node.args.map((a) => a.value);
        if (values.length === 1 && values[0]!.toLowerCase() === 'none') return;
        const missing = new Map<string, string[]>();
        for (const v of values) {
          const wider = widerIdentifiers(v, values);
          if (wider.length) missing.set(v, wider);
        }
        if (missing.size === 0) return;
        const added = [...new Set([...missing.values()].flat())];
        const parts = [...missing].map(([v, w]) => `${v} (for example ${w.join(', ')})`).join('; ');
        context.report({
          node,
          message: `httpd 2.2 matched the CacheIgnoreURLSessionIdentifiers values as parts of longer identifiers, so they also caught: ${parts}. `
            + '2.4 ignores an identifier only when its whole name matches, so those longer identifiers now make separate cache entries. '
            + `To keep ignoring them, list the full names: CacheIgnoreURLSessionIdentifiers ${[...values, ...added].join(' ')}`,
        });
      },
    };
  },
});
