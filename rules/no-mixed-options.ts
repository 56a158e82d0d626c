import { dirname } from 'node:path';
import { defineRule } from '../src/engine/rule.js';
import { replaceContent } from '../src/edit/fixer.js';
import { options22 } from '../src/apache/options.js';
import { asciiLower } from '../src/parse/words.js';
import { hasVariable, variablesNamed } from '../src/apache/variables.js';
import type { ConfigFile, Directive, Section } from '../src/ast/nodes.js';
import type { Project } from '../src/project/project.js';
import { dirCovers } from '../src/access/decide/index.js';
import { LineCounter } from '../src/parse/line-counter.js';
import { directoryPath } from '../src/rules-kit/directory-model.js';
import { liveDirectives, scopeOf } from '../src/rules-kit/directive-scope.js';
import { projectFiles } from '../src/rules-kit/load-module.js';
import { readBy24 } from '../src/rules-kit/reach.js';

/** An Options line whose words all carry + or - (or come from a ${NAME}, known only at start-up): it keeps what was merged before it. */
function relative(d: Directive): boolean {
  return d.args.length > 0 && d.args.every((a) => a.value[0] === '+' || a.value[0] === '-' || hasVariable(a.value));
}

/**
 * The relative Options lines of the project that may merge after `node` (in `ancestors`), as file:line: those 2.2
 * applied the signed words kept before its first plain word to. Below a literal `<Directory>`: the `<Directory>`
 * sections at or below its path and the .htaccess files there, and every section whose paths cannot be compared
 * (regex forms, `<Location>`, `<Files>`); elsewhere every other relative line.
 */
function deeperRelative(project: Project, current: ConfigFile, node: Directive, ancestors: readonly Section[]): string[] {
  const own = scopeOf(ancestors);
  const path = own ? directoryPath(own) : null;
  const out: string[] = [];
  for (const f of projectFiles(project, current)) {
    const source = project.byPath.get(f.path);
    const htaccess = source?.kind === 'htaccess';
    for (const l of liveDirectives(f, 'options')) {
      if (l.directive === node || !relative(l.directive)) continue;
      if (path !== null) {
        const scope = scopeOf(l.ancestors);
        const dir = htaccess ? dirname(f.path) : scope ? directoryPath(scope) : null;
        // A server or virtual-host level line merges before any <Directory>; one of a <Directory> outside this path never meets it.
        if (!htaccess && scope === null) continue;
        if (dir !== null && !dirCovers(project.cache, path, dir)) continue;
      }
      out.push(`${source?.display ?? f.path}:${new LineCounter(f.text).position(l.directive.start).line}`);
    }
  }
  return out;
}

/** What `All` stands for, word by word (OPT_ALL in 2.2 and 2.4 alike). */
const ALL_WORDS = ['Indexes', 'Includes', 'FollowSymLinks', 'ExecCGI'];

export default defineRule({
  meta: {
    id: 'no-mixed-options',
    description: 'Rewrite Options lines that mix words with and without +/-, which 2.4 refuses.',
    row: 'Changed defaults: Options (found on the real server: 2.4 refuses mixed signs, "Either all Options must start with + or -, or no Option may.")',
    kind: 'fix',
  },
  create(context) {
    /**
     * `Options +All` / `-All`: 2.2 added or removed All's options, 2.4 refuses to start ("You may not use
     * 'Options +All' or 'Options -All'.", tested on 2.4.71). The same words one by one do what 2.2 did.
     */
    const signedAll = (node: Directive) => {
      const all = node.args.filter((a) => asciiLower(a.value.slice(1)) === 'all');
      if (!all.length) return;
      const shown = all.map((a) => a.value).join(', ');
      context.report({
        node,
        message: `Options ${shown}: 2.2 ${all.length > 1 ? 'added or removed' : all[0]!.value[0] === '+' ? 'added' : 'removed'} every option All stands for; 2.4 refuses to start on it ("You may not use 'Options +All' or 'Options -All'."). `
          + `The same options one by one do what 2.2 did: ${all.map((a) => ALL_WORDS.map((w) => a.value[0] + w).join(' ')).join('; ')}.`,
        fix: all.map((a) => ({ start: a.start, end: a.end, text: ALL_WORDS.map((w) => a.value[0] + w).join(' ') })),
      });
    };
    return {
      'Directive:options'(node, ancestors) {
        if (!readBy24(ancestors)) return;
        const words = node.args.map((a) => a.value);
        if (words.some(hasVariable)) {
          // httpd replaces ${NAME} before Options reads the line: its words, and whether they mix signs, are known only when it starts.
          const literal = words.filter((w) => !hasVariable(w));
          if (!literal.length) return;
          const sign = literal.some((w) => w[0] === '+' || w[0] === '-');
          const plain = literal.some((w) => w[0] !== '+' && w[0] !== '-');
          context.report({
            node,
            severity: sign && plain ? 'error' : 'warning',
            message: `Options ${words.join(' ')} takes words from ${variablesNamed(words.join(' '))}, known only when httpd starts; 2.4 refuses to start on a line that mixes options with and without +/- ("Either all Options must start with + or -, or no Option may."), where 2.2 read the first plain word as a reset. `
              + (sign && plain ? 'The words written already mix them: write the options meant, with + or - on every word or on none.' : `Make sure the value ${sign ? 'puts + or - on every word' : 'puts + or - on no word'}, as the words written here do.`),
          });
          return;
        }
        const signed = words.filter((w) => w[0] === '+' || w[0] === '-');
        if (signed.length === words.length) {
          signedAll(node);
          return;
        }
        if (signed.length === 0) return;
        const { words: set, illegal, carried } = options22(words);
        const written = `Options ${words.join(' ')}`;
        if (illegal !== null) {
          context.report({ node, message: `${written} names ${illegal}, which is no option: 2.2 refused the line ("Illegal option ${illegal}") and 2.4 does too. Write the options meant, with + or - on every word or on none.` });
          return;
        }
        const line = `${node.name} ${set.length ? set.join(' ') : 'None'}`;
        const head = `${written} mixes options with and without +/-: 2.2 read the first plain word as a reset, so this line set exactly "${set.join(' ') || 'None'}"; `
          + '2.4 refuses to start ("Either all Options must start with + or -, or no Option may.").';
        if (carried.length) {
          // What 2.2 kept of those words reaches deeper sections whose Options lines are all signed; the rewrite would
          // drop it there, which can turn an option back on (a - word) or off (a + word): offered, not applied, and only
          // where no such line is in sight (found by a helper's bug hunt: with <Directory /a/b> Options +FollowSymLinks
          // below Options -Indexes All, the rewrite made 2.4 list /a/b/, where 2.2 answered 403).
          const deeper = deeperRelative(context.project, context.file, node, ancestors);
          if (deeper.length) {
            context.report({
              node,
              message: `${head} 2.2 also kept ${carried.join(' ')} for the Options lines with only +/- words that merge after this one, and applied it there: ${deeper.join(', ')}. No 2.4 line here does that. `
                + `Write ${carried.join(' ')} at the start of each of those lines that applies only below this section (Options +X becomes Options ${carried.join(' ')} +X; its own words still win), then write ${line}.`,
            });
            return;
          }
          context.report({
            node,
            message: `${head} 2.2 also kept ${carried.join(' ')} for deeper sections (and .htaccess files) whose Options lines have only +/- words, which no 2.4 line does: check those, then write ${line}.`,
            suggestion: [replaceContent(node, line)],
          });
          return;
        }
        context.report({ node, message: `${head} It becomes: ${line}.`, fix: [replaceContent(node, line)] });
      },
    };
  },
});
