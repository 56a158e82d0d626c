import type { Directive } from '../src/ast/nodes.js';
import { defineRule } from '../src/engine/rule.js';
import { directiveRegexes } from '../src/apache/regex-args.js';
import { readBy24 } from '../src/rules-kit/reach.js';

/** `in OID(` as 2.2's SSLRequire grammar wrote it (`word in OID(word)`): the offset of `OID` in `expr`. */
const IN_OID = /\bin\s+(OID)\s*\(/g;

/**
 * The offsets of the `OID` words of an SSLRequire line that follow `in`, outside its quoted strings
 * and its regexes (whose bytes directiveRegexes gives).
 */
function oidWords(d: Directive, text: string): number[] {
  const first = d.args[0];
  if (!first) return [];
  const base = first.start;
  const expr = text.slice(base, d.args[d.args.length - 1]!.end);
  const skip = directiveRegexes(d, text).map((r) => [r.start - base, r.end - base] as const);
  // Quoted strings: 2.2's lexer reads "…" and '…' as one string (a backslash escapes the next byte).
  for (const m of expr.matchAll(/"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'/g)) skip.push([m.index, m.index + m[0].length]);
  const out: number[] = [];
  for (const m of expr.matchAll(IN_OID)) {
    const at = m.index + m[0].indexOf('OID');
    if (!skip.some(([s, e]) => at >= s && at < e)) out.push(base + at);
  }
  return out;
}

export default defineRule({
  meta: {
    id: 'ssl-require-oid',
    description: 'Rewrite the OID() list of SSLRequire as PeerExtList(), which 2.4 needs instead.',
    row: 'httpd behaviour: SSLRequire "word in OID(oid)" (2.2) is refused by 2.4 ("List-returning function \'OID\' does not exist"); 2.4 names it PeerExtList()',
    kind: 'fix',
  },
  create(context) {
    return {
      'Directive:sslrequire'(node, ancestors) {
        if (!readBy24(ancestors)) return;
        const at = oidWords(node, context.file.text);
        if (at.length === 0) return;
        context.report({
          node,
          message: 'SSLRequire … in OID("…") lists the values of a client-certificate extension in 2.2; 2.4 refuses to start on it '
            + '("SSLRequire: List-returning function \'OID\' does not exist") and names the same list PeerExtList("…"), which this line now uses.',
          fix: at.map((start) => ({ start, end: start + 3, text: 'PeerExtList' })),
        });
      },
    };
  },
});
