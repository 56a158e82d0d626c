import { dirname } from 'node:path';
import type { ConfigFile } from '../src/ast/nodes.js';
import { walk } from '../src/ast/walk.js';
import { defineRule } from '../src/engine/rule.js';
import { removeLine, replaceContent } from '../src/edit/fixer.js';
import { asciiLower } from '../src/parse/words.js';
import { handlerOfType } from '../src/apache/handler-types.js';
import { hasVariable, variablesNamed } from '../src/apache/variables.js';
import { loadState } from '../src/rules-kit/load-module.js';
import { fromOwnTrees, gather } from '../src/rules-kit/project-facts.js';
import { sameServer, serversOf } from '../src/rules-kit/directive-scope.js';
import { isAccessFile, type Project } from '../src/project/project.js';
import { dirCovers } from '../src/access/decide/index.js';
import { readBy24 } from '../src/rules-kit/reach.js';

/** The 2.4 line that gives untyped successful responses the type (measured on 2.4.71: see rules/no-default-type.md). */
export function headerForType(raw: string): string {
  return `Header set Content-Type ${raw} "expr=-z %{CONTENT_TYPE}"`;
}

/** One DefaultType line of the tree: its value as written (`None` when it has none), the servers it applies to, and whether this rule removes it. */
interface Line {
  value: string;
  servers: string[];
  /** The directory of the .htaccess file that holds the line, or null for a line of the server configuration. */
  dir: string | null;
  /** A plain type where mod_headers is not loaded: the line goes, and no Header line takes its place. */
  removed: boolean;
}

/** A value as a message shows it: in double quotes when it has spaces (`"text/plain; charset=utf-8"`), else as it is. */
const shown = (value: string) => (/\s/.test(value) ? `"${value}"` : value);
const isNone = (value: string) => asciiLower(value) === 'none';
/** A value a Header line cannot stand for: a handler's type, or one known only when httpd starts. */
const notAType = (value: string) => handlerOfType(value) !== null || hasVariable(value);

function linesOf(project: Project, f: ConfigFile): Line[] {
  const out: Line[] = [];
  const headers = () => loadState(project, f, 'headers') === 'loaded';
  const dir = accessDir(project, f);
  walk(f, {
    directive: (d, ancestors) => {
      if (d.lname !== 'defaulttype') return;
      const value = d.args[0]?.value || 'None';
      out.push({ value, servers: serversOf(project, f, ancestors), dir, removed: !isNone(value) && !notAType(value) && !headers() });
    },
  });
  return out;
}

/** The directory of a .htaccess file, or null for a file of the server configuration. */
function accessDir(project: Project, f: ConfigFile): string | null {
  return isAccessFile(project, f.path) ? dirname(f.path) : null;
}

/**
 * Whether two lines can apply to one request: their servers meet (sameServer), and where both are in
 * .htaccess files, one directory is the other or below it (those of sibling directories never meet).
 */
function meet(project: Project, a: Pick<Line, 'servers' | 'dir'>, b: Pick<Line, 'servers' | 'dir'>): boolean {
  if (!sameServer(a.servers, b.servers)) return false;
  return a.dir === null || b.dir === null || dirCovers(project.cache, a.dir, b.dir) || dirCovers(project.cache, b.dir, a.dir);
}

export default defineRule({
  meta: {
    id: 'no-default-type',
    description: 'Replace DefaultType, which 2.4 ignores, with a Header line that keeps the type where mod_headers is loaded, else remove it.',
    row: 'Directives with changed or removed effect: DefaultType',
    kind: 'fix',
  },
  create(context) {
    // Every DefaultType line of the tree: where several differ on one server, one may override another below it or after it.
    const lines = () => gather(context.project, context.file, 'no-default-type:lines', (f) => linesOf(context.project, f));
    // By value (in lower case), each line with its place in the tree's order: a tree of one-site files has a line in
    // each, mostly alike, and each line went over all of them.
    const byValue = () => fromOwnTrees(context.project, context.file, 'no-default-type:byValue', () => {
      const out = new Map<string, { line: Line; at: number }[]>();
      lines().forEach((line, at) => {
        const v = asciiLower(line.value);
        const same = out.get(v);
        if (same) same.push({ line, at }); else out.set(v, [{ line, at }]);
      });
      return out;
    });
    return {
      'Directive:defaulttype'(node, ancestors) {
        if (!readBy24(ancestors)) return;
        const arg = node.args[0];
        const value = arg?.value || 'None';
        const here = { servers: serversOf(context.project, context.file, ancestors), dir: accessDir(context.project, context.file) };
        // The other values set on a server this line applies to (a sibling <VirtualHost> never meets it).
        // In the order of the first line of each that meets this one.
        const others = [...byValue()].filter(([v]) => v !== asciiLower(value))
          .map(([v, ls]) => ({ v, at: ls.find((l) => meet(context.project, l.line, here))?.at }))
          .filter((o): o is { v: string; at: number } => o.at !== undefined).sort((a, b) => a.at - b.at).map((o) => o.v);
        const list = (values: string[]) => values.map((v) => shown(asciiLower(v))).join(', ');
        if (hasVariable(value)) {
          context.report({
            node,
            message: `DefaultType ${shown(value)} takes its value from ${variablesNamed(value)}, known only when httpd starts; 2.4 ignores DefaultType (AH00117) whatever it is. `
              + `If it names a type, write ${headerForType(arg!.raw)} in its place where mod_headers is loaded (files of no known type then keep that type); `
              + `if it names a handler's type (application/x-httpd-cgi…), give the files that relied on it the handler with SetHandler or ForceType; if it is None, delete the line.`,
          });
          return;
        }
        const handler = handlerOfType(value);
        if (handler !== null) {
          const by = handler === 'a handler' ? 'the handler of that type' : handler;
          context.report({
            node,
            message: `DefaultType ${shown(value)} also chose the handler in 2.2: ap_invoke_handler took the handler of a file of no known type from the default type, so ${by} ran such files here (a script was executed). `
              + `2.4 ignores DefaultType (AH00117) and serves them as they are, the source of a script included, and a Header line would only label that source. `
              + `Give the files that relied on it the handler yourself, for example \`<FilesMatch "^[^.]+$">\` with \`ForceType ${value}\` (or SetHandler with the handler's name) where they are, then delete this line.`,
          });
          return;
        }
        if (isNone(value)) {
          // A plain type whose line is removed (no mod_headers) leaves nothing in 2.4 for this line to turn off:
          // it goes in the same run, as it would in the next one.
          const kept = new Set(lines().filter((l) => !l.removed && meet(context.project, l, here)).map((l) => asciiLower(l.value)));
          const types = others.filter((v) => !isNone(v) && kept.has(v));
          const plain = types.filter((v) => !notAType(v));
          if (plain.length) {
            // A Header line cannot be turned off below it, so no 2.4 line does what this one did.
            context.report({
              node,
              severity: 'warning',
              message: `DefaultType None here turned off another DefaultType of the tree (${list(plain)}) where it applied, or after it in the same section; that one becomes a Header set Content-Type line in 2.4, which no line can turn off here. Check which responses should get a type, and narrow that Header line's expr (for example to a path), or delete this line if they all should.`,
            });
            return;
          }
          if (types.length) {
            context.report({
              node,
              severity: 'warning',
              message: types.some(hasVariable)
                ? `DefaultType None here turned off another DefaultType of the tree (${list(types)}) where it applied, or after it in the same section. Whatever line replaces that one in 2.4 (a Header line for a type, SetHandler or ForceType for a handler's type), keep it from reaching here, then delete this line, which 2.4 ignores.`
                : `DefaultType None here turned off another DefaultType of the tree (${list(types)}) where it applied, or after it in the same section, so no handler ran files of no known type here. Whatever line gives those files their handler in 2.4 (SetHandler or ForceType), keep it from reaching here, then delete this line, which 2.4 ignores.`,
            });
            return;
          }
          context.report({ node, severity: 'info', message: 'DefaultType none is removed: it has no effect in 2.4.', fix: [removeLine(context.file, node)] });
          return;
        }
        const header = headerForType(arg!.raw);
        const differs = `What still differs from 2.2: only successful (2xx) responses get the type; an error document or other non-2xx response with no type of its own stays without one.`;
        const head = `DefaultType ${shown(value)}: 2.2 sent Content-Type ${shown(value)} for files of no known type; 2.4 ignores the directive (AH00117) and sends no Content-Type for them.`;
        if (loadState(context.project, context.file, 'headers') === 'loaded') {
          if (others.length) {
            context.report({
              node,
              message: `${head} ${header} would set it on every response that has none, also where another DefaultType of the tree (${list(others)}) changed it in 2.2, since a Header line reaches every section below it: check those, then write it.`,
              suggestion: [replaceContent(node, header)],
            });
            return;
          }
          context.report({
            node,
            message: `${head} It becomes ${header}, which sets the type on every response that has none (tested on 2.4.71). ${differs}`,
            fix: [replaceContent(node, header)],
          });
          return;
        }
        context.report({
          node,
          severity: 'warning',
          message: `${head} The line is removed. To keep the type, load mod_headers and write ${header} here. ${differs}`,
          fix: [removeLine(context.file, node)],
        });
      },
    };
  },
});
