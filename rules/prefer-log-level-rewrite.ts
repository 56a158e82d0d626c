import { memo } from '../src/ast/memo.js';
import type { ConfigFile, Directive, Section } from '../src/ast/nodes.js';
import { walk } from '../src/ast/walk.js';
import { defineRule } from '../src/engine/rule.js';
import { removeLine } from '../src/edit/fixer.js';
import { setModuleLevel, traceLevel } from '../src/rules-kit/log-level.js';
import { gather } from '../src/rules-kit/project-facts.js';
import { readBy24 } from '../src/rules-kit/reach.js';
import { hasVariable, variablesNamed } from '../src/apache/variables.js';
import { refusedInHtaccess } from '../src/rules-kit/refused-in-htaccess.js';

/** A RewriteLog, RewriteLogLevel or RewriteOptions line, with the VirtualHost it is in. */
interface Line { d: Directive; vhost: Section | null; file: ConfigFile }

export default defineRule({
  meta: {
    id: 'prefer-log-level-rewrite',
    description: 'Replace RewriteLogLevel with LogLevel rewrite:traceN and remove RewriteLog.',
    row: 'Per-module behavior changes: mod_rewrite log output is controlled by LogLevel (RewriteLog, RewriteLogLevel)',
    kind: 'fix',
  },
  create(context) {
    const file = context.file;
    /** Every RewriteLog, RewriteLogLevel and RewriteOptions line of the project with the VirtualHost it is in. */
    let seen: readonly Line[] = [];
    return {
      File() {
        // Each file's RewriteLog* lines are scanned once (memo per tree), then joined in project order.
        seen = gather(context.project, file, 'prefer-log-level-rewrite:lines', (f) => memo(f, 'prefer-log-level-rewrite:lines', () => {
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
        }));
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
        const waiting = seen.some((s) => s.file === file && s.d.lname === 'rewriteloglevel' && s.vhost === vhost);
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
      const logs = seen.filter((s) => s.d.lname === 'rewritelog');
      if (logs.some((s) => s.vhost === vhost)) return true;
      const inherits = vhost !== null && seen.some((s) => s.vhost === vhost && s.d.lname === 'rewriteoptions'
        && s.d.args.some((a) => /^inherit/i.test(a.value)));
      return inherits && logs.some((s) => s.vhost === null);
    }
  },
});
