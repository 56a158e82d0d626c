import { memo } from '../src/ast/memo.js';
import type { ConfigFile, Directive, Section } from '../src/ast/nodes.js';
import { walk } from '../src/ast/walk.js';
import { defineRule } from '../src/engine/rule.js';
import { removeLine } from '../src/edit/fixer.js';
import { setModuleLevel, traceLevel } from '../src/rules-kit/log-level.js';
import { isOwnTree } from '../src/rules-kit/project-facts.js';
import { readBy24 } from '../src/rules-kit/reach.js';
import { hasVariable, variablesNamed } from '../src/apache/variables.js';
import { refusedInHtaccess } from '../src/rules-kit/refused-in-htaccess.js';

/** A RewriteLog, RewriteLogLevel or RewriteOptions line, with the VirtualHost it is in. */
interface Line { d: Directive; vhost: Section | null; file: ConfigFile }

/** The servers ('null': the main server) with a RewriteLog, those whose RewriteOptions inherit the main server's, and the files with the main server's. */
interface Logs { logged: ReadonlySet<Section | null>; inheriting: ReadonlySet<Section>; mainLogIn: ReadonlySet<string> }

function logsOf(lines: readonly Line[]): Logs {
  const logged = new Set<Section | null>();
  const inheriting = new Set<Section>();
  const mainLogIn = new Set<string>();
  for (const s of lines) {
    if (s.d.lname === 'rewritelog') {
      logged.add(s.vhost);
      if (s.vhost === null) mainLogIn.add(s.file.path);
    } else if (s.d.lname === 'rewriteoptions' && s.vhost !== null && s.d.args.some((a) => /^inherit/i.test(a.value))) inheriting.add(s.vhost);
  }
  return { logged, inheriting, mainLogIn };
}

export default defineRule({
  meta: {
    id: 'prefer-log-level-rewrite',
    description: 'Replace RewriteLogLevel with LogLevel rewrite:traceN and remove RewriteLog.',
    row: 'Per-module behavior changes: mod_rewrite log output is controlled by LogLevel (RewriteLog, RewriteLogLevel)',
    kind: 'fix',
  },
  create(context) {
    const file = context.file;
    /** A file's RewriteLog, RewriteLogLevel and RewriteOptions lines (scanned once per tree). */
    const linesOf = (f: ConfigFile): readonly Line[] => memo(f, 'prefer-log-level-rewrite:lines', () => {
      const out: Line[] = [];
      // A line in a .htaccess set no log for any server in 2.2 (it was refused there).
      if (context.project.byPath.get(f.path)?.kind === 'htaccess') return out;
      walk(f, {
        directive: (d, anc) => {
          if (readBy24(anc) && ['rewritelog', 'rewriteloglevel', 'rewriteoptions'].includes(d.lname)) {
            out.push({ d, vhost: anc.find((s) => s.lname === 'virtualhost') ?? null, file: f });
          }
        },
      });
      return out;
    });
    /** The servers of the project with a RewriteLog (by the project's own trees), made once per project. */
    const projectLogs = () => memo(context.project, 'prefer-log-level-rewrite:logs', () => logsOf(context.project.files.flatMap((f) => linesOf(f.ast))));
    let logs: Logs = logsOf([]);
    return {
      File() {
        // Looked up by server: each RewriteLogLevel went over every line of the project (quadratic in one-site files).
        // A <VirtualHost> is a section of one file, so only the main server's RewriteLog may be in another file.
        if (isOwnTree(context.project, file)) logs = projectLogs();
        else {
          const mine = logsOf(linesOf(file));
          const elsewhere = [...projectLogs().mainLogIn].some((p) => p !== file.path);
          logs = elsewhere ? { ...mine, logged: new Set([...mine.logged, null]) } : mine;
        }
      },
      'Directive:rewriteloglevel'(node, ancestors) {
        if (!readBy24(ancestors)) return;
        if (reportedInHtaccess(node)) return;
        const raw = node.args[0]?.value ?? '';
        const n = Number.parseInt(raw, 10);
        const level = traceLevel(n);
        const head = `RewriteLogLevel ${raw} set how much mod_rewrite wrote to its RewriteLog in 2.2; 2.4 has no RewriteLogLevel and writes rewrite tracing to the ErrorLog at the LogLevel set for the module \`rewrite\`.`;
        if (hasVariable(raw)) {
          // httpd replaces ${NAME} before RewriteLogLevel reads it: the level is known only when it starts.
          context.report({ node, message: `${head} The level comes from ${variablesNamed(raw)}, known only when httpd starts: remove the line, and where it is 1 or more (and a RewriteLog names a file for this server) write \`LogLevel rewrite:traceN\` for this server, N being the level (at most 8).` });
          return;
        }
        if (level === null) {
          context.report({ node, message: `${head} Level ${raw} logged nothing, which is also 2.4's default: remove the line.`, fix: [removeLine(file, node)] });
          return;
        }
        if (!hasLog(vhostOf(ancestors))) {
          context.report({ node, message: `${head} No RewriteLog named a file for this server, so 2.2 logged nothing: remove the line.`, fix: [removeLine(file, node)] });
          return;
        }
        const plan = setModuleLevel(file, node, ancestors, `rewrite:${level}`, true, context.project);
        const capped = n > 8 ? ` (2.4 stops at trace8; level ${raw} is capped)` : '';
        if (plan.resetElsewhere) {
          context.report({ node, message: `${head} For the same trace, \`LogLevel rewrite:${level}\`${capped} must take its place, but ${plan.resetElsewhere}.` });
          return;
        }
        context.report({ node, message: `${head} For the same trace, ${plan.where}${capped}.`, fix: plan.edits });
      },
      'Directive:rewritelog'(node, ancestors) {
        if (!readBy24(ancestors)) return;
        if (reportedInHtaccess(node)) return;
        const vhost = vhostOf(ancestors);
        // Keep the file while a RewriteLogLevel of this server still needs it to know that 2.2 logged.
        const waiting = linesOf(file).some((s) => s.d.lname === 'rewriteloglevel' && s.vhost === vhost);
        context.report({
          node,
          message: `RewriteLog ${node.args[0]?.raw ?? ''} wrote mod_rewrite's trace to its own file in 2.2; 2.4 removed RewriteLog and writes the trace into the ErrorLog (lines tagged \`[rewrite:traceN]\`). Remove the line and read the error log instead.`,
          fix: waiting ? undefined : [removeLine(file, node)],
        });
      },
    };

    /**
     * 2.2 declared both directives for the server configuration only (RSRC_CONF): in a .htaccess that httpd reads the
     * line was an error, and every request there answered 500, as 2.4 does (it has no such directive). Removing the
     * line would serve them: reported, not fixed.
     */
    function reportedInHtaccess(node: Directive): boolean {
      const refused = refusedInHtaccess(context.project, file, node);
      if (refused === null) return false;
      context.report({ node, message: `${refused} For a rewrite trace, write \`LogLevel rewrite:traceN\` in the server configuration (a <Directory> for this directory).` });
      return true;
    }

    function vhostOf(ancestors: readonly Section[]): Section | null {
      return ancestors.find((s) => s.lname === 'virtualhost') ?? null;
    }

    /** Whether 2.2 had a RewriteLog for this server: its own, or the main server's when it inherits (RewriteOptions Inherit). */
    function hasLog(vhost: Section | null): boolean {
      return logs.logged.has(vhost) || (vhost !== null && logs.inheriting.has(vhost) && logs.logged.has(null));
    }
  },
});
