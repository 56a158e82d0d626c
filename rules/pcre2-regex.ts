import { defineRule } from '../src/engine/rule.js';
import { directiveRegexes, sectionRegexSite, type RegexSite } from '../src/apache/regex-args.js';
import { compilePcre } from '../src/apache/pcre.js';

/**
 * Letters PCRE2 refuses after a backslash ("unrecognized character follows \", or \F) that 2.2's
 * PCRE 8.x, without PCRE_EXTRA, read as the letter itself. Checked with pcre2test in the test.
 */
export const LITERAL_IN_PCRE1: ReadonlySet<string> = new Set([...'ijmqyFIJMOTY']);

/** Escapes PCRE2 reads otherwise, with why (reported, not rewritten). */
const REPORTED: Readonly<Record<string, string>> = {
  o: 'PCRE2 reads \\o as the start of an octal escape \\o{…} and refuses it bare; PCRE before 8.34 read it as the letter o',
};

interface Scan {
  fixed: string;
  literal: string[];
  reported: string[];
  /** Indices in the regex of the backslashes dropped. */
  dropped: number[];
}

/** Walks a regex as PCRE reads it, dropping the backslash of each LITERAL_IN_PCRE1 escape; \Q…\E is left alone. */
export function scanRegex(raw: string): Scan {
  let fixed = '';
  const literal: string[] = [];
  const reported: string[] = [];
  const dropped: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    const next = raw[i + 1];
    if (c !== '\\' || next === undefined) { fixed += c; continue; }
    if (next === 'Q') {
      const end = raw.indexOf('\\E', i + 2);
      const stop = end < 0 ? raw.length : end + 2;
      fixed += raw.slice(i, stop);
      i = stop - 1;
      continue;
    }
    if (LITERAL_IN_PCRE1.has(next)) {
      literal.push(`\\${next}`);
      dropped.push(i);
      fixed += next;
    } else {
      if (REPORTED[next]) reported.push(`\\${next}: ${REPORTED[next]}`);
      fixed += c + next;
    }
    i++;
  }
  return { fixed, literal, reported, dropped };
}

export default defineRule({
  meta: {
    id: 'pcre2-regex',
    description: 'Rewrite regex escapes that 2.4\'s PCRE2 refuses but 2.2\'s PCRE read as the letter itself (\\i → i), and report those it reads differently.',
    row: 'Start-up and configuration messages: Regex could not be compiled (PCRE2 in 2.4)',
    kind: 'fix',
  },
  create(context) {
    const check = (site: RegexSite | null, what: string, at?: { start: number; end: number }) => {
      if (!site) return;
      const compiled = compilePcre(site.pattern);
      if ('error' in compiled) {
        context.report({
          node: site,
          severity: 'error',
          message: `The regex of ${what} does not compile (${compiled.error}): httpd 2.2 and 2.4 both refuse it, and stop at start-up ("Regex could not be compiled"), or answer 500 in a .htaccess file. Correct the pattern.`,
        });
      }
      if (!site.pattern.includes('\\')) return;
      const scan = scanRegex(site.pattern);
      if (scan.literal.length) {
        // Drop the bytes that wrote each backslash (two for a `\\` that ap_getword_conf reads as one).
        const fix = scan.dropped.map((k) => ({ start: site.from[k]!, end: site.to[k]!, text: '' }));
        if (site.plain?.test(scan.fixed)) {
          // The letters alone would make it a plain name, read another way: keep one as a class, [i].
          const k = scan.dropped[0]!;
          const letter = site.pattern[k + 1]!;
          fix[0] = { start: site.from[k]!, end: site.to[k + 1]!, text: `[${letter}]` };
          scan.fixed = scan.fixed.slice(0, k) + `[${letter}]` + scan.fixed.slice(k + 1);
        }
        context.report({
          node: site,
          message: `The regex of ${what} has ${[...new Set(scan.literal)].join(', ')}: 2.2's PCRE read an unknown escaped letter as the letter itself, 2.4's PCRE2 refuses it and httpd stops ("Regex could not be compiled"). Writing the letter alone means the same: ${scan.fixed}.`,
          fix,
        });
      }
      for (const why of scan.reported) {
        context.report({ node: at ?? site, severity: 'error', message: `The regex of ${what} has ${why}. Write the letter alone if that was meant, or \\o{…} for an octal code.` });
      }
    };
    return {
      Section(node) {
        check(sectionRegexSite(node), `<${node.name}>`, node.open);
      },
      Directive(node) {
        for (const site of directiveRegexes(node, context.file.text)) check(site, node.name, node);
      },
    };
  },
});
